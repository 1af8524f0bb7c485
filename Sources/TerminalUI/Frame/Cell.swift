/// One character cell of a ``Frame``.
///
/// A cell holds a single grapheme that is safe to send to a terminal: control characters (C0, C1,
/// DEL, ESC, line separators) are replaced by visible placeholders when the cell is made, so no
/// caller can smuggle an escape sequence into the output. A wide grapheme (CJK, emoji: 2 columns;
/// some Indic conjuncts: 3 or more) occupies its cell and the next ones; those are *continuation*
/// cells with ``width`` 0 and empty ``text``.
public struct Cell: Hashable, Sendable {
  /// The grapheme shown in the cell; empty for a continuation cell.
  public let text: String
  /// Display width: 1 or more for a leading cell (see ``DisplayWidth``), 0 for the other columns
  /// of a wide grapheme.
  public let width: Int
  /// Colours and attributes.
  public var style: CellStyle

  /// A cell showing `grapheme`, neutralised for the terminal (see ``TerminalSafeText``).
  ///
  /// A grapheme that has no visible form on its own (a lone zero-width joiner or bidi mark) becomes
  /// a blank, so every cell is visible and at least one column wide.
  public init(_ grapheme: Character, style: CellStyle = .plain) {
    if let content = TerminalSafeText.cellContent(for: grapheme) {
      self.text = content.text
      self.width = content.width
    } else {
      self.text = " "
      self.width = 1
    }
    self.style = style
  }

  /// Creates an already neutralised cell; only the library calls this.
  init(safeText: String, width: Int, style: CellStyle) {
    self.text = safeText
    self.width = width
    self.style = style
  }

  /// A blank cell (a space) in the given style.
  public static func blank(_ style: CellStyle = .plain) -> Cell {
    Cell(safeText: " ", width: 1, style: style)
  }

  /// A column covered by the wide grapheme to its left.
  static func continuation(_ style: CellStyle) -> Cell {
    Cell(safeText: "", width: 0, style: style)
  }

  /// Whether this column is covered by a wide grapheme to its left.
  public var isContinuation: Bool { width == 0 }
}
