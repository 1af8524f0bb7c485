import TerminalUI

extension PreviewView {
  /// The cursor drawn in a text field being typed in.
  static let typingCursor = "▏"

  /// A text field's line as drawn in `width` columns: the text around the cursor (``typingCursor``),
  /// scrolled so that the cursor is visible (``LineEditor/window(width:)``).
  static func typedLine(_ editor: LineEditor, width: Int) -> String {
    let (before, after) = editor.window(width: width)
    return before + typingCursor + after
  }
}
