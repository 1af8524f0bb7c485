import Foundation
import MessagevisorLocking

/// Lets another thread cancel a running ``CurlTransfer``: the transfer's progress and write callbacks
/// poll ``isCancelled`` and abort the transfer once it is set.
final class CurlControl: Sendable {
  private let flag = Locked(false)

  /// Requests cancellation.
  func cancel() { flag.withLock { $0 = true } }

  /// True once ``cancel()`` ran.
  var isCancelled: Bool { flag.withLock { $0 } }
}
