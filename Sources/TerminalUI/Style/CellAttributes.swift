/// Text attributes of a cell, combinable as an option set.
public struct CellAttributes: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public let rawValue: UInt8
  /// Creates attributes from raw bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Bold (or bright) text.
  public static let bold = CellAttributes(rawValue: 1 << 0)
  /// Dim (faint) text.
  public static let dim = CellAttributes(rawValue: 1 << 1)
  /// Foreground and background swapped.
  public static let reverse = CellAttributes(rawValue: 1 << 2)
  /// Underlined text.
  public static let underline = CellAttributes(rawValue: 1 << 3)
}
