/// One locale's text of an exported row: the text the locale shows (its own, or the inherited
/// one) and how it gets it.
public struct ExchangeCell: Sendable, Equatable {
  /// The text (empty when missing).
  public var text: String
  /// Direct, inherited or missing.
  public var status: ExchangeStatus
  /// The locale the text comes from (`nil` when missing).
  public var origin: String?
  /// Where the text is written in the project (the origin's scalar), when known.
  public var location: SourceLocation?

  /// Creates a cell.
  public init(
    text: String, status: ExchangeStatus, origin: String? = nil, location: SourceLocation? = nil
  ) {
    self.text = text
    self.status = status
    self.origin = origin
    self.location = location
  }
}
