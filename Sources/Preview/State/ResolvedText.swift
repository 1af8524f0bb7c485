/// A string the engine produced for a message key, with where it came from.
public struct ResolvedText: Sendable, Equatable {
  /// The message key (or a pseudo key such as `last_synced`).
  public var key: String
  /// The final text after modules ran.
  public var text: String
  /// The provenance shown in inspect mode.
  public var origin: TextOrigin

  /// Creates a resolved text.
  public init(key: String, text: String, origin: TextOrigin) {
    self.key = key
    self.text = text
    self.origin = origin
  }
}
