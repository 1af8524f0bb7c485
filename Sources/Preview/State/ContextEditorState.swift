/// The context `key=value` editor: the line being typed (with the lines applied before as its
/// history) and why the last submission was rejected.
public struct ContextEditorState: Sendable, Equatable {
  /// The line being typed, its cursor and history.
  public var line: LineEditor
  /// Why the last submission was rejected, if it was.
  public var error: String?

  /// Creates an editor holding `text` (cursor at its end) that recalls `history` with ↑/↓.
  public init(text: String = "", error: String? = nil, history: [String] = []) {
    self.line = LineEditor(text: text, history: history)
    self.error = error
  }

  /// The text typed so far.
  public var text: String { line.text }
}
