/// A ``LineEditor``'s text wrapped to a width, with the cursor's place among the rows: what a
/// view draws for a multi-line field (``LineEditor/layout(width:)``).
public struct LineEditorLayout: Sendable, Equatable {
  /// The rows as drawn, top to bottom (a line longer than the width continues on the next row).
  public var rows: [String]
  /// The row the cursor is on.
  public var cursorRow: Int
  /// The cursor's display column on its row.
  public var cursorColumn: Int
}
