import Foundation
import TerminalUI

/// The translation editor (`E`): opening it on the selected string, its keys, saving, `u` and
/// `o`. The file I/O is the runtime's (``TranslationEditorEffect``); its answers arrive as
/// ``TranslationEditorEvent``s.
extension PreviewUpdate {
  /// The string `E` and `o` act on: the message browser's selected message, or the string
  /// selected on a screen (`]`/`[`, a click or a search match) with the example values and width
  /// budget of the first block that shows it.
  static func editorTarget(_ state: PreviewState) -> TranslationEditorRequest? {
    if state.mode == .messages {
      return state.browser.selectedKey.map { TranslationEditorRequest(key: $0) }
    }
    guard state.mode == .screen, let key = state.inspectedKey else { return nil }
    for block in state.currentScreen?.definition?.blocks ?? [] {
      if let binding = block.bindings.first(where: { $0.key == key }) {
        return TranslationEditorRequest(key: key, values: binding.values, budget: block.width)
      }
    }
    return TranslationEditorRequest(key: key)
  }

  /// `E`, `u` and `o`.
  static func performEditor(_ action: PreviewAction, _ state: inout PreviewState)
    -> [PreviewEffect]
  {
    switch action {
    case .editTranslation, .openSource:
      guard let target = editorTarget(state) else {
        state.notice =
          "select a string first (] and [ on a screen, or a click), or pick a message in the browser (m)"
        return []
      }
      return [.translationEditor(action == .openSource ? .openExternal(target) : .open(target))]
    case .undoSave:
      guard let change = state.lastSave else {
        state.notice = "nothing to undo: no save in this session"
        return []
      }
      return [.translationEditor(.undo(change, label: state.lastSaveLabel))]
    default:
      return []
    }
  }

  /// The editor's keys: the ``LineEditor`` keys (multi-line: C-j inserts a line break); Enter
  /// saves a valid text, Esc closes without saving, Ctrl-C quits.
  static func handleTranslationEditorKey(
    _ key: Key, _ editor: TranslationEditorState, _ state: inout PreviewState
  ) -> [PreviewEffect] {
    if key == .control("c") {
      state.quitting = true
      return [.quit]
    }
    var editor = editor
    switch editor.editor.handle(key) {
    case .edited:
      editor.checks = TranslationEditorChecks(text: editor.text, locale: editor.locale)
      editor.status = nil
      editor.statusIsError = false
      if !editor.checks.isValid {
        editor.rendered = nil
        editor.renderedSamples = []
        editor.findings = []
      }
      state.translationEditor = editor
      return editor.renderRequest.map { [.translationEditor($0)] } ?? []
    case .moved, .ignored:
      state.translationEditor = editor
    case .cancelled:
      state.translationEditor = nil
      state.notice = "edit of \(editor.key) cancelled; \(editor.displayFile) is unchanged"
    case .submitted:
      if let error = editor.checks.syntaxError {
        editor.status =
          "not saved: invalid ICU MessageFormat (\(error.description)); fix it, or Esc to cancel"
        editor.statusIsError = true
        state.translationEditor = editor
        return []
      }
      state.translationEditor = editor
      return [
        .translationEditor(
          .save(
            text: editor.text, path: editor.path, snapshot: editor.snapshot,
            label: "\(editor.key) \(editor.locale) in \(editor.location)"))
      ]
    }
    return []
  }

  /// Applies the runtime's answer to an editor effect.
  static func takeEditorEvent(_ event: TranslationEditorEvent, _ state: inout PreviewState)
    -> [PreviewEffect]
  {
    switch event {
    case .opened(let editor):
      state.translationEditor = editor
      state.notice = nil
      return editor.renderRequest.map { [.translationEditor($0)] } ?? []
    case .refused(let why):
      state.notice = why
    case .rendered(let text, let result, let samples, let findings):
      guard var editor = state.translationEditor, editor.text == text else { return [] }
      editor.rendered = result
      editor.renderedSamples = samples
      editor.findings = findings
      state.translationEditor = editor
    case .saved(let change, let label):
      state.translationEditor = nil
      state.lastSave = change
      state.lastSaveLabel = label
      state.notice = "saved \(label) — u undoes"
      appendEvent(&state, .edit("saved \(label)"), detail: "", at: Date())
    case .saveFailed(let why, let current):
      guard var editor = state.translationEditor else {
        state.notice = why
        return []
      }
      editor.status = why
      editor.statusIsError = true
      if let current { editor.snapshot = current }
      state.translationEditor = editor
    case .undone(let label):
      state.lastSave = nil
      state.notice = "undid the save of \(label)"
      appendEvent(&state, .edit("undid the save of \(label)"), detail: "", at: Date())
    case .undoFailed(let why):
      state.notice = why
    case .externalEditorFinished(let why):
      state.notice = why ?? "back from the editor; the project reloads when the file changed"
    }
    return []
  }
}
