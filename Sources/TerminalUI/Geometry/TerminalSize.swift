/// The size of a terminal or a frame, in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
  /// Number of columns.
  public var width: Int
  /// Number of rows.
  public var height: Int

  /// Creates a size; negative values are clamped to zero.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// `"WIDTHxHEIGHT"`, e.g. `"100x30"`.
  public var description: String { "\(width)x\(height)" }
}
