import TerminalUI

extension PreviewUpdate {
  /// The most text `y` sends with OSC 52 (terminals cap the request; longer text is shown).
  static let osc52Limit = 50_000

  /// `y` (the key, or a row's whole text) and `Y` (the text) under the cursor.
  static func performCopy(_ action: PreviewAction, _ state: inout PreviewState)
    -> [PreviewEffect]
  {
    guard let (what, text) = copyTarget(wantsText: action == .copyText, state) else {
      state.notice =
        state.mode == .screen
        ? "select a string first (click it, or find it with /); then y copies its key, Y its text"
        : "nothing to copy here"
      return []
    }
    if state.clipboard == .osc52, text.utf8.count <= osc52Limit {
      state.notice = "copied \(what) to the clipboard (OSC 52)"
      return [.copy(text)]
    }
    state.copyText = text
    return []
  }

  /// What `y`/`Y` copy in the state's view: a description for the notice and the text.
  static func copyTarget(wantsText: Bool, _ state: PreviewState) -> (String, String)? {
    switch state.mode {
    case .messages:
      guard let index = state.browser.index, let position = state.browser.selectedEntry else {
        return nil
      }
      let entry = index.entries[position]
      if wantsText {
        guard let text = entry.text else { return nil }
        return ("the text of ‹\(entry.key)›", text)
      }
      return ("the key ‹\(entry.key)›", entry.key)
    case .screen:
      guard let key = state.inspectedKey else { return nil }
      if wantsText, let text = state.content?.text(key).text {
        return ("the text of ‹\(key)›", text)
      }
      return ("the key ‹\(key)›", key)
    case .diagnostics:
      let visible = state.diagnostics.visible
      guard !visible.isEmpty else { return nil }
      let entry = visible[min(state.diagnostics.selection, visible.count - 1)]
      return ("the diagnostic \(entry.code)", PreviewView.diagnosticText(entry))
    case .events:
      let events = Array(state.events.entries.reversed())
      let row = state.events.selection ?? state.events.scroll
      guard events.indices.contains(row) else { return nil }
      return ("the event", PreviewView.eventText(events[row], state))
    case .localePicker(let selection):
      let locales = state.content?.loadedLocales ?? []
      guard locales.indices.contains(selection) else { return nil }
      return ("the locale \(locales[selection])", locales[selection])
    case .valuePicker(let picker):
      guard let item = picker.selected else { return nil }
      return ("the value \(item.value)", item.value)
    case .allLocales(let view):
      guard wantsText else { return ("the key ‹\(view.key)›", view.key) }
      guard let row = view.selectedRow, let text = row.text else { return nil }
      return ("the \(row.locale) text of ‹\(view.key)›", text)
    case .help, .contextEditor:
      return nil
    }
  }

  /// Any key closes the copy box (Ctrl-C still quits).
  static func closeCopy(_ key: Key, _ state: inout PreviewState) -> [PreviewEffect] {
    state.copyText = nil
    if key == .control("c") {
      state.quitting = true
      return [.quit]
    }
    return []
  }
}
