/// An engine event reduced to what the events log shows.
public struct EngineEventInfo: Sendable, Equatable {
  /// The event type's raw value (`change`, `locale_set`, …).
  public var type: String
  /// For `change`, the raw value of the originating event.
  public var source: String?
  /// The snapshot version after the event.
  public var version: Int
  /// A short human description (e.g. `en-US → nl-NL`).
  public var detail: String

  /// Creates an event description.
  public init(type: String, source: String? = nil, version: Int, detail: String = "") {
    self.type = type
    self.source = source
    self.version = version
    self.detail = detail
  }
}
