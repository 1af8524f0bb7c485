/// A horizontal run of cells in one style that a ``FrameDiffer`` sends to a ``CellOutput``.
public struct CellRun: Hashable, Sendable {
  /// Column of the first cell.
  public var x: Int
  /// Row.
  public var y: Int
  /// Style of every cell in the run.
  public var style: CellStyle
  /// The cells' text (already neutralised; wide graphemes appear once).
  public var text: String
  /// Columns covered by the run.
  public var width: Int
  /// The graphemes of the run, one per leading cell, with their widths.
  public var glyphs: [Glyph]

  /// One drawn grapheme of a run.
  public struct Glyph: Hashable, Sendable {
    /// The grapheme text (never contains control characters).
    public var text: String
    /// Its display width (1 or 2).
    public var width: Int
  }
}
