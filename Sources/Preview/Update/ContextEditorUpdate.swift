import Messagevisor
import TerminalUI

extension PreviewUpdate {
  /// The context editor's keys: the ``LineEditor`` keys (typing and editing at the cursor, ↑/↓
  /// recall earlier lines); Enter applies (`key=` or `key=null` unsets the key), Esc cancels.
  static func handleEditorKey(
    _ key: Key, _ editor: ContextEditorState, _ state: inout PreviewState
  ) -> [PreviewEffect] {
    var editor = editor
    switch editor.line.handle(key) {
    case .edited:
      editor.error = nil
    case .moved, .ignored:
      break
    case .submitted:
      switch ContextEditorParser.parse(editor.text) {
      case .success(let assignment):
        editor.line.record()
        state.contextHistory = editor.line.history
        state.mode = .screen
        state.notice = nil
        if assignment.value == .null { return [.unsetContext(assignment.key)] }
        return [.setContext([assignment.key: assignment.value])]
      case .failure(let error):
        editor.error = error.message
      }
    case .cancelled:
      state.mode = .screen
      return []
    }
    state.mode = .contextEditor(editor)
    return []
  }
}
