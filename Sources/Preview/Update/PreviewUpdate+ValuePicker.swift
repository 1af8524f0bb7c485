import Foundation
import TerminalUI

extension PreviewUpdate {
  /// `C`, `T` and `/` in a picker.
  static func performPicker(_ action: PreviewAction, _ state: inout PreviewState)
    -> [PreviewEffect]
  {
    switch action {
    case .pickCurrency:
      let locale = state.content?.locale ?? "en"
      state.mode = .valuePicker(
        ValuePickerState(
          kind: .currency,
          items: ValuePickerItems.currencies(
            suggested: state.choices.currencies, locale: locale),
          current: state.content?.currency))
    case .pickTimeZone:
      let current = state.content?.timeZone
      state.mode = .valuePicker(
        ValuePickerState(
          kind: .timeZone,
          items: ValuePickerItems.timeZones(
            suggested: state.choices.timeZones, current: current, at: Date()),
          current: current))
    case .filterPicker:
      guard case .valuePicker(var picker) = state.mode else { return [] }
      picker.typing = true
      state.mode = .valuePicker(picker)
    default:
      break
    }
    return []
  }

  /// Enter in a picker: applies the highlighted value and closes the picker.
  static func choosePicked(_ picker: ValuePickerState, _ state: inout PreviewState)
    -> [PreviewEffect]
  {
    state.mode = .screen
    guard let item = picker.selected else { return [] }
    switch picker.kind {
    case .currency:
      return item.value == state.content?.currency ? [] : [.setCurrency(item.value)]
    case .timeZone:
      return item.value == state.content?.timeZone ? [] : [.setTimeZone(item.value)]
    }
  }

  /// Keys while typing a picker's filter: text edits the filter, ↑/↓/PgUp/PgDn move, Enter
  /// applies, Esc clears the filter (and stops typing), C-u clears it.
  static func handlePickerFilterKey(
    _ key: Key, _ picker: ValuePickerState, _ state: inout PreviewState
  ) -> [PreviewEffect] {
    var picker = picker
    state.notice = nil
    switch key {
    case .enter:
      return choosePicked(picker, &state)
    case .escape:
      picker.typing = false
      picker.setQuery("")
    case .backspace:
      if picker.query.isEmpty {
        picker.typing = false
      } else {
        picker.setQuery(String(picker.query.dropLast()))
      }
    case .control("u"):
      picker.setQuery("")
    case .down: picker.move(by: 1)
    case .up: picker.move(by: -1)
    case .pageDown: picker.move(by: max(state.height - 6, 2))
    case .pageUp: picker.move(by: -max(state.height - 6, 2))
    case .character(let character) where !character.isNewline:
      picker.setQuery(picker.query + String(character))
    default:
      state.notice = "typing a filter: Enter applies, Esc clears"
    }
    state.mode = .valuePicker(picker)
    return []
  }
}
