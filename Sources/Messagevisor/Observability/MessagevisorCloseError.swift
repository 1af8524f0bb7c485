import Foundation

/// One or more modules failed to close; ``errors`` holds each failure in close order.
public struct MessagevisorCloseError: Error, LocalizedError, Sendable, CustomStringConvertible {
  /// The individual close failures.
  public var errors: [any Error]

  /// Creates an aggregate close error.
  public init(errors: [any Error]) { self.errors = errors }

  /// "One or more Messagevisor modules failed to close."
  public var errorDescription: String? { "One or more Messagevisor modules failed to close." }
  /// "One or more Messagevisor modules failed to close."
  public var description: String { "One or more Messagevisor modules failed to close." }
}
