/// One part of a `…ToParts` result. Foundation has no tokenized parts, so helpers return a single
/// `literal` part holding the whole native output.
public struct MessagevisorFormatPart: Sendable, Equatable, Hashable {
  /// The part type (`literal`).
  public var type: String
  /// The text.
  public var value: String

  /// Creates a part.
  public init(type: String, value: String) {
    self.type = type
    self.value = value
  }
}
