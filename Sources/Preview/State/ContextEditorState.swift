/// The text and the last error of the context `key=value` editor.
public struct ContextEditorState: Sendable, Equatable {
  /// The text typed so far.
  public var text: String
  /// Why the last submission was rejected, if it was.
  public var error: String?

  /// Creates an editor state.
  public init(text: String = "", error: String? = nil) {
    self.text = text
    self.error = error
  }
}
