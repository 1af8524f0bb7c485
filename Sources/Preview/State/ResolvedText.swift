/// A string the engine produced for a message key, with where it came from.
public struct ResolvedText: Sendable, Equatable {
  /// The message key (or a pseudo key such as `last_synced`).
  public var key: String
  /// The final text after modules ran.
  public var text: String
  /// The provenance shown in inspect mode.
  public var origin: TextOrigin
  /// Where the text is written in the project (file:line:column), when the build kept it.
  public var location: TextLocation?

  /// Creates a resolved text.
  public init(key: String, text: String, origin: TextOrigin, location: TextLocation? = nil) {
    self.key = key
    self.text = text
    self.origin = origin
    self.location = location
  }

  /// The origin as inspect mode and the status bar label it, with the location when known
  /// (`override pro · messages/a.yml:4:9`).
  public var originLabel: String {
    guard let location else { return origin.label }
    return "\(origin.label) · \(location.description)"
  }
}
