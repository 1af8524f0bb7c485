/// What a key did to a ``LineEditor``: the caller reacts (filters again, applies, closes, or
/// gives the key to something else).
public enum LineEditorOutcome: Sendable, Equatable {
  /// The text changed (typing, deleting, killing, a history line recalled).
  case edited
  /// Only the cursor moved.
  case moved
  /// Enter: the caller applies the text.
  case submitted
  /// Esc: the caller closes the editor (the editor itself keeps its text).
  case cancelled
  /// The key means nothing here (or cannot move further): the caller may use it, e.g. ↑/↓ to
  /// move a list when the editor has no history, or Backspace on an empty query to stop typing.
  case ignored
}
