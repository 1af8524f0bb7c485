/// The text, cursor, history position and last error of the context `key=value` editor.
public struct ContextEditorState: Sendable, Equatable {
  /// The text typed so far.
  public var text: String
  /// Why the last submission was rejected, if it was.
  public var error: String?
  /// The cursor, in characters from the start of `text`.
  public var cursor: Int
  /// The history line shown (↑/↓), or `nil` for a new line.
  public var historyIndex: Int?

  /// Creates an editor state with the cursor at the end of `text`.
  public init(text: String = "", error: String? = nil) {
    self.text = text
    self.error = error
    self.cursor = text.count
    self.historyIndex = nil
  }
}
