import Messagevisor
import TerminalUI

extension PreviewUpdate {
  /// The context editor's keys: typing and editing at the cursor (←/→, Home/End, C-a/C-e, Delete,
  /// Backspace, C-u deletes to the start, C-w the word before the cursor), ↑/↓ recall earlier
  /// lines, Enter applies (`key=` or `key=null` unsets the key), Esc cancels.
  static func handleEditorKey(
    _ key: Key, _ editor: ContextEditorState, _ state: inout PreviewState
  ) -> [PreviewEffect] {
    var editor = editor
    var characters = Array(editor.text)
    var cursor = min(max(editor.cursor, 0), characters.count)
    func store() {
      editor.text = String(characters)
      editor.cursor = cursor
      state.mode = .contextEditor(editor)
    }
    switch key {
    case .character(let c):
      characters.insert(c, at: cursor)
      cursor += 1
      editor.error = nil
    case .backspace:
      if cursor > 0 {
        characters.remove(at: cursor - 1)
        cursor -= 1
      }
      editor.error = nil
    case .delete, .control("d"):
      if cursor < characters.count { characters.remove(at: cursor) }
    case .left, .control("b"): cursor = max(cursor - 1, 0)
    case .right, .control("f"): cursor = min(cursor + 1, characters.count)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = characters.count
    case .control("u"):
      characters.removeFirst(cursor)
      cursor = 0
    case .control("w"):
      var start = cursor
      while start > 0, characters[start - 1] == " " { start -= 1 }
      while start > 0, characters[start - 1] != " " { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .up, .down:
      let history = state.contextHistory
      guard !history.isEmpty else { return [] }
      let index: Int
      if key == .up {
        index = max((editor.historyIndex ?? history.count) - 1, 0)
      } else {
        guard let current = editor.historyIndex else { return [] }
        index = current + 1
      }
      if index >= history.count {
        editor.historyIndex = nil
        characters = []
      } else {
        editor.historyIndex = index
        characters = Array(history[index])
      }
      cursor = characters.count
    case .enter:
      switch ContextEditorParser.parse(String(characters)) {
      case .success(let assignment):
        let line = String(characters)
        if state.contextHistory.last != line { state.contextHistory.append(line) }
        if state.contextHistory.count > 50 { state.contextHistory.removeFirst() }
        state.mode = .screen
        state.notice = nil
        if assignment.value == .null { return [.unsetContext(assignment.key)] }
        return [.setContext([assignment.key: assignment.value])]
      case .failure(let error):
        editor.error = error.message
      }
    case .escape:
      state.mode = .screen
      return []
    case .control("c"):
      state.quitting = true
      return [.quit]
    default:
      return []
    }
    store()
    return []
  }
}
