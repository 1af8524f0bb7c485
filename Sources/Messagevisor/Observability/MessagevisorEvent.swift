/// An event delivered to ``MessagevisorInstance/on(_:_:)`` listeners.
public struct MessagevisorEvent: Sendable {
  /// The event type.
  public var type: MessagevisorEventType
  /// The instance version after the change (unchanged for `error`).
  public var version: Int
  /// Type-specific details.
  public var details: MessagevisorEventDetails
  /// The state after the change.
  public var snapshot: MessagevisorSnapshot
  /// The state before the change (equal to `snapshot` for `error`).
  public var previousSnapshot: MessagevisorSnapshot

  /// Creates an event.
  public init(
    type: MessagevisorEventType, version: Int, details: MessagevisorEventDetails,
    snapshot: MessagevisorSnapshot, previousSnapshot: MessagevisorSnapshot
  ) {
    self.type = type
    self.version = version
    self.details = details
    self.snapshot = snapshot
    self.previousSnapshot = previousSnapshot
  }

  /// For `change` events, the type of the originating event.
  public var source: MessagevisorEventType? {
    if case .change(let source, _) = details { return source }
    return nil
  }
}
