import Foundation
import MessagevisorLocking
import TerminalUI

/// A thread-safe queue of messages: engine listeners, the OTA client, check tasks and a project
/// watcher post here from any thread; the loop drains it on its own thread.
///
/// With a waker (``setWaker(_:)``), messages that arrive on their own (an OTA revision, a check
/// result, a project reload) wake the loop's blocked read, so the frame follows at once instead of
/// at the next idle timeout. Messages the loop itself causes (engine events, diagnostics) never
/// wake it, so it cannot wake itself in a circle.
public final class PreviewInbox: Sendable {
  private let queue = Locked<[PreviewMessage]>([])
  private let waker = Locked<ScreenWaker?>(nil)

  /// Creates an empty inbox.
  public init() {}

  /// Sets (or clears) the waker that ``post(_:)`` uses.
  public func setWaker(_ waker: ScreenWaker?) {
    self.waker.withLock { $0 = waker }
  }

  /// Posts a message; wakes the loop for messages that arrive on their own.
  public func post(_ message: PreviewMessage) {
    queue.withLock { $0.append(message) }
    if Self.wakes(message) { waker.withLock { $0 }?.wake() }
  }

  /// Whether a message wakes the loop: the ones that do not come from the loop's own calls.
  static func wakes(_ message: PreviewMessage) -> Bool {
    switch message {
    case .otaRevision, .checkStarted, .checkPhase, .checkFinished, .sourcesChanged: return true
    default: return false
    }
  }

  /// Removes and returns every queued message, oldest first.
  public func drain() -> [PreviewMessage] {
    queue.withLock { queue in
      defer { queue.removeAll(keepingCapacity: true) }
      return queue
    }
  }
}
