import TerminalUI

extension LineEditor {
  /// The text split into lines at its line breaks (one line in a single-line editor).
  public var lines: [String] {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
  }

  /// The line the cursor is on (0-based).
  public var cursorLine: Int {
    text.prefix(cursor).filter(\.isNewline).count
  }

  /// The cursor's display column on its line: terminal columns of the text before it (a CJK
  /// character or an emoji counts 2).
  public var cursorColumn: Int {
    let bounds = lineBounds
    let clusters = Array(text)
    return DisplayWidth.of(String(clusters[bounds.lowerBound..<cursor]))
  }

  /// What fits of the cursor's line in `width` columns with a one-column cursor between the two
  /// parts: the text before the cursor loses clusters at its start and the text after it at its
  /// end until both fit, so the cursor is always visible. Whole clusters only.
  public func window(width: Int) -> (before: String, after: String) {
    let bounds = lineBounds
    let clusters = Array(text)
    var before = String(clusters[bounds.lowerBound..<cursor])
    var after = String(clusters[cursor..<bounds.upperBound])
    let room = max(width - 1, 0)
    while DisplayWidth.of(before) > room, !before.isEmpty { before.removeFirst() }
    let left = room - DisplayWidth.of(before)
    while DisplayWidth.of(after) > left, !after.isEmpty { after.removeLast() }
    return (before, after)
  }
}
