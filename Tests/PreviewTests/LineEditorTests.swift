import TerminalUI
import Testing

@testable import Preview

@Suite("LineEditor edits text at a grapheme-safe cursor with history and multi-line mode")
struct LineEditorTests {
  /// Applies keys in order and returns the last outcome.
  @discardableResult
  static func press(_ keys: [Key], _ editor: inout LineEditor) -> LineEditorOutcome {
    var outcome = LineEditorOutcome.ignored
    for key in keys { outcome = editor.handle(key) }
    return outcome
  }

  static func type(_ text: String, _ editor: inout LineEditor) {
    for character in text { _ = editor.handle(.character(character)) }
  }

  @Test func typingInsertsAtTheCursorAndSaysEdited() {
    var editor = LineEditor()
    #expect(editor.handle(.character("a")) == .edited)
    Self.type("c", &editor)
    #expect(editor.handle(.left) == .moved)
    Self.type("b", &editor)
    #expect(editor.text == "abc")
    #expect(editor.cursor == 2)
  }

  @Test func backspaceAndDeleteRemoveOneClusterAndIgnoreTheEdges() {
    var editor = LineEditor(text: "abc")
    #expect(editor.handle(.delete) == .ignored)
    #expect(editor.handle(.backspace) == .edited)
    #expect(editor.text == "ab")
    Self.press([.home], &editor)
    #expect(editor.handle(.backspace) == .ignored)
    #expect(editor.handle(.delete) == .edited)
    #expect(editor.text == "b")
    #expect(editor.handle(.control("d")) == .edited)
    #expect(editor.text.isEmpty)
  }

  @Test func arrowsAndEmacsKeysMoveTheCursorAndStopAtTheEnds() {
    var editor = LineEditor(text: "abcd")
    #expect(editor.handle(.right) == .ignored)
    #expect(editor.handle(.control("b")) == .moved)
    #expect(editor.cursor == 3)
    #expect(editor.handle(.control("a")) == .moved)
    #expect(editor.cursor == 0)
    #expect(editor.handle(.left) == .ignored)
    #expect(editor.handle(.control("f")) == .moved)
    #expect(editor.cursor == 1)
    #expect(editor.handle(.control("e")) == .moved)
    #expect(editor.cursor == 4)
    #expect(editor.handle(.home) == .moved)
    #expect(editor.handle(.end) == .moved)
    #expect(editor.cursor == 4)
  }

  @Test func killKeysDeleteToTheStartToTheEndAndTheWordBefore() {
    var editor = LineEditor(text: "plan=pro beta  ")
    #expect(editor.handle(.control("w")) == .edited)
    #expect(editor.text == "plan=pro ")
    Self.press([.left, .left, .left, .left], &editor)
    #expect(editor.handle(.control("k")) == .edited)
    #expect(editor.text == "plan=")
    Self.press([.left], &editor)
    #expect(editor.handle(.control("u")) == .edited)
    #expect(editor.text == "=")
    #expect(editor.cursor == 0)
    #expect(editor.handle(.control("u")) == .ignored)
    #expect(editor.handle(.control("w")) == .ignored)
  }

  @Test func enterSubmitsEscCancelsAndOtherKeysAreIgnored() {
    var editor = LineEditor(text: "x")
    #expect(editor.handle(.enter) == .submitted)
    #expect(editor.handle(.control("j")) == .submitted)
    #expect(editor.handle(.escape) == .cancelled)
    #expect(editor.handle(.tab) == .ignored)
    #expect(editor.handle(.pageDown) == .ignored)
    #expect(editor.handle(.control("c")) == .ignored)
    #expect(editor.text == "x")
  }

  @Test(arguments: ["🇳🇱", "👨‍👩‍👧", "e\u{301}", "👍🏽", "क्षि", "日"])
  func theCursorNeverSplitsAGraphemeCluster(_ cluster: String) {
    var editor = LineEditor(text: "a" + cluster + "b")
    #expect(editor.cursor == 3)
    Self.press([.left, .left], &editor)
    #expect(editor.cursor == 1)
    #expect(editor.handle(.delete) == .edited)
    #expect(editor.text == "ab")
    editor.insert(cluster)
    #expect(editor.text == "a" + cluster + "b")
    #expect(editor.handle(.backspace) == .edited)
    #expect(editor.text == "ab")
  }

  @Test func aCombiningMarkTypedAfterALetterJoinsItAndTheCursorStaysAfterTheCluster() {
    var editor = LineEditor(text: "xy")
    Self.press([.left], &editor)
    Self.type("e", &editor)
    #expect(editor.handle(.character("\u{301}")) == .edited)
    #expect(editor.text == "xe\u{301}y")
    #expect(editor.cursor == 2)
    Self.type("z", &editor)
    #expect(editor.text == "xe\u{301}zy")
  }

  @Test func aSingleLineEditorDropsLineBreaks() {
    var editor = LineEditor(text: "a\nb")
    #expect(editor.text == "ab")
    #expect(editor.handle(.character("\n")) == .ignored)
    editor.insert("c\r\nd\re")
    #expect(editor.text == "abcde")
    editor.setText("x\ny")
    #expect(editor.text == "xy")
  }

  @Test func upAndDownRecallHistoryAndBringBackTheLineBeingTyped() {
    var editor = LineEditor(history: ["one", "two"])
    Self.type("dra", &editor)
    #expect(editor.handle(.up) == .edited)
    #expect(editor.text == "two")
    #expect(editor.handle(.up) == .edited)
    #expect(editor.text == "one")
    #expect(editor.handle(.up) == .ignored)
    #expect(editor.handle(.down) == .edited)
    #expect(editor.text == "two")
    #expect(editor.handle(.down) == .edited)
    #expect(editor.text == "dra")
    #expect(editor.cursor == 3)
    #expect(editor.handle(.down) == .ignored)
  }

  @Test func withoutHistoryUpAndDownAreLeftToTheCaller() {
    var editor = LineEditor(text: "q")
    #expect(editor.handle(.up) == .ignored)
    #expect(editor.handle(.down) == .ignored)
    #expect(editor.text == "q")
  }

  @Test func recordKeepsNonEmptyDistinctLinesUpToTheLimit() {
    var editor = LineEditor()
    editor.record()
    #expect(editor.history.isEmpty)
    editor.setText("a")
    editor.record()
    editor.record()
    #expect(editor.history == ["a"])
    for n in 0..<LineEditor.historyLimit {
      editor.setText("line \(n)")
      editor.record()
    }
    #expect(editor.history.count == LineEditor.historyLimit)
    #expect(editor.history.first == "line 0")
  }

  @Test func editingARecalledLineStartsANewLine() {
    var editor = LineEditor(history: ["seats=3"])
    Self.press([.up], &editor)
    Self.type("0", &editor)
    #expect(editor.historyIndex == nil)
    #expect(editor.text == "seats=30")
  }

  @Test func multiLineCtrlJInsertsALineBreakAndEnterSubmits() {
    var editor = LineEditor(multiline: true)
    Self.type("one", &editor)
    #expect(editor.handle(.control("j")) == .edited)
    Self.type("two", &editor)
    #expect(editor.text == "one\ntwo")
    #expect(editor.lines == ["one", "two"])
    #expect(editor.cursorLine == 1)
    #expect(editor.handle(.enter) == .submitted)
    editor.insert("\r\nthree\rfour")
    #expect(editor.lines == ["one", "two", "three", "four"])
  }

  @Test func multiLineUpAndDownKeepTheDisplayColumn() {
    var editor = LineEditor(text: "日本語\nab\nabcdef", multiline: true)
    Self.press([.left], &editor)
    #expect(editor.cursorColumn == 5)
    #expect(editor.handle(.up) == .moved)
    #expect(editor.cursorLine == 1)
    #expect(editor.cursorColumn == 2)
    #expect(editor.handle(.up) == .moved)
    #expect(editor.cursorLine == 0)
    #expect(editor.cursorColumn == 4)
    #expect(editor.handle(.up) == .ignored)
    Self.press([.down, .down], &editor)
    #expect(editor.cursorLine == 2)
    #expect(editor.cursorColumn == 5)
    #expect(editor.handle(.down) == .ignored)
  }

  @Test func multiLineLineKeysWorkOnTheCursorsLine() {
    var editor = LineEditor(text: "first\nsecond\nthird", multiline: true)
    Self.press([.up, .left, .left], &editor)
    #expect(editor.handle(.home) == .moved)
    #expect(editor.cursorColumn == 0)
    #expect(editor.cursorLine == 1)
    Self.press([.end], &editor)
    #expect(editor.cursorColumn == 6)
    #expect(editor.handle(.control("u")) == .edited)
    #expect(editor.text == "first\n\nthird")
    Self.press([.down, .right, .right, .right], &editor)
    #expect(editor.handle(.control("k")) == .edited)
    #expect(editor.text == "first\n\nthi")
    #expect(editor.handle(.backspace) == .edited)
    #expect(editor.handle(.backspace) == .edited)
    #expect(editor.handle(.backspace) == .edited)
    #expect(editor.handle(.backspace) == .edited)
    #expect(editor.text == "first\n")
  }

  @Test func theWindowKeepsTheCursorVisibleAndCountsWideCharactersTwice() {
    let editor = LineEditor(text: "日本語テキスト")
    let (before, after) = editor.window(width: 7)
    #expect(before == "キスト")
    #expect(after.isEmpty)
    #expect(editor.cursorColumn == 14)
    var start = editor
    Self.press([.home, .right], &start)
    let shown = start.window(width: 7)
    #expect(shown.before == "日")
    #expect(shown.after == "本語")
  }

  @Test func theLayoutWrapsLinesByDisplayWidthAndPlacesTheCursor() {
    var editor = LineEditor(text: "abcdef", multiline: true)
    #expect(
      editor.layout(width: 4)
        == LineEditorLayout(rows: ["abcd", "ef"], cursorRow: 1, cursorColumn: 2))
    Self.press([.home, .right, .right, .right, .right], &editor)
    #expect(editor.layout(width: 4).cursorRow == 1)
    #expect(editor.layout(width: 4).cursorColumn == 0)
    let wide = LineEditor(text: "日本語\nab", multiline: true)
    #expect(
      wide.layout(width: 5)
        == LineEditorLayout(rows: ["日本", "語", "ab"], cursorRow: 2, cursorColumn: 2))
    let full = LineEditor(text: "abcd", multiline: true)
    #expect(
      full.layout(width: 4) == LineEditorLayout(rows: ["abcd", ""], cursorRow: 1, cursorColumn: 0))
    var empty = LineEditor(text: "one\n", multiline: true)
    #expect(
      empty.layout(width: 10) == LineEditorLayout(rows: ["one", ""], cursorRow: 1, cursorColumn: 0))
    empty.setText("")
    #expect(empty.layout(width: 0) == LineEditorLayout(rows: [""], cursorRow: 0, cursorColumn: 0))
  }
}
