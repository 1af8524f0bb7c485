import TerminalUI

/// What a key does in a ``LineEditor``; ``LineEditorCommand/bindings`` is the one table of the
/// editor's keys (the editor reads it, the previewer's key table lists it for the help screen).
public enum LineEditorCommand: Sendable, Equatable, CaseIterable {
  /// Delete the cluster before the cursor.
  case deleteBackward
  /// Delete the cluster after the cursor.
  case deleteForward
  /// Move one cluster left.
  case left
  /// Move one cluster right.
  case right
  /// Go to the start of the line.
  case lineStart
  /// Go to the end of the line.
  case lineEnd
  /// Delete from the start of the line to the cursor.
  case killToStart
  /// Delete from the cursor to the end of the line.
  case killToEnd
  /// Delete the word before the cursor (and the spaces after it).
  case deleteWord
  /// The line above (multi-line) or the previous history line.
  case up
  /// The line below (multi-line) or the next history line.
  case down
  /// Insert a line break (multi-line), else submit.
  case newline
  /// Submit the text.
  case submit
  /// Cancel.
  case cancel

  /// A key of the editor with its command and what the help screen says about it.
  public struct Binding: Sendable {
    /// The keys (the first is the one the help shows first).
    public var keys: [Key]
    /// The command.
    public var command: LineEditorCommand
    /// One or two words for a help bar.
    public var short: String
    /// A sentence for the help screen.
    public var description: String
  }

  /// Every key of the editor (typing a printable character inserts it and is not listed).
  public static let bindings: [Binding] = [
    Binding(
      keys: [.backspace], command: .deleteBackward, short: "delete",
      description: "Delete the character before the cursor (on an empty query: stop typing)"),
    Binding(
      keys: [.delete, .control("d")], command: .deleteForward, short: "delete",
      description: "Delete the character under the cursor"),
    Binding(
      keys: [.left, .control("b")], command: .left, short: "left",
      description: "Move the cursor one character left"),
    Binding(
      keys: [.right, .control("f")], command: .right, short: "right",
      description: "Move the cursor one character right"),
    Binding(
      keys: [.home, .control("a")], command: .lineStart, short: "start",
      description: "Go to the start of the line"),
    Binding(
      keys: [.end, .control("e")], command: .lineEnd, short: "end",
      description: "Go to the end of the line"),
    Binding(
      keys: [.control("u")], command: .killToStart, short: "clear",
      description: "Delete from the start of the line to the cursor"),
    Binding(
      keys: [.control("k")], command: .killToEnd, short: "kill",
      description: "Delete from the cursor to the end of the line"),
    Binding(
      keys: [.control("w")], command: .deleteWord, short: "word",
      description: "Delete the word before the cursor"),
    Binding(
      keys: [.up], command: .up, short: "older",
      description:
        "Recall the previous line (context editor), move up a line (multi-line text) or move the list (queries and filters)"
    ),
    Binding(
      keys: [.down], command: .down, short: "newer",
      description:
        "Recall the next line (past the newest: the line being typed), move down a line, or move the list"
    ),
    Binding(
      keys: [.control("j")], command: .newline, short: "newline",
      description: "Insert a line break in multi-line text (elsewhere: as Enter)"),
    Binding(
      keys: [.enter], command: .submit, short: "apply",
      description: "Apply: run the search, keep the query or filter, set the context value"),
    Binding(
      keys: [.escape], command: .cancel, short: "cancel",
      description: "Cancel: close the editor, clear the query or filter"),
  ]

  /// The command a key triggers (`nil`: a printable character, or a key the editor leaves alone).
  public static func command(for key: Key) -> LineEditorCommand? {
    bindings.first { $0.keys.contains(key) }?.command
  }
}
