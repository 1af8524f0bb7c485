import Foundation
import TerminalUI

extension PreviewUpdate {
  /// `C`, `T`, `S` and `/` in a picker.
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
    case .pickSet:
      guard let content = state.content, content.sets.count > 1 else { return [] }
      state.mode = .valuePicker(
        ValuePickerState(
          kind: .set,
          items: content.sets.map {
            PickerItem(
              value: $0, label: $0, detail: $0 == content.projectSet ? "shown" : "",
              isSuggested: $0 == content.projectSet)
          },
          current: content.projectSet))
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
    case .set:
      guard item.value != state.content?.projectSet else { return [] }
      state.notice = switchingNotice(item.value)
      return [.switchSet(item.value)]
    }
  }

  /// The notice shown while a set is being built (the runtime clears it once the set is on
  /// display, with ``PreviewMessage/failureResolved(_:)``).
  public static func switchingNotice(_ set: String) -> String { "switching to set \(set)…" }

  /// Keys while typing a picker's filter: the ``LineEditor`` keys edit the filter (C-u clears
  /// it), ↑/↓/PgUp/PgDn move, Enter applies, Esc clears the filter (and stops typing),
  /// Backspace on an empty filter stops typing.
  static func handlePickerFilterKey(
    _ key: Key, _ picker: ValuePickerState, _ state: inout PreviewState
  ) -> [PreviewEffect] {
    var picker = picker
    state.notice = nil
    switch picker.editFilter(key) {
    case .edited, .moved:
      break
    case .submitted:
      return choosePicked(picker, &state)
    case .cancelled:
      picker.typing = false
      picker.setQuery("")
    case .ignored:
      let rows = PreviewView.valuePickerRows(state, picker: picker)
      switch key {
      case .down: picker.move(.next, rows: rows)
      case .up: picker.move(.previous, rows: rows)
      case .pageDown: picker.move(.pageDown, rows: rows)
      case .pageUp: picker.move(.pageUp, rows: rows)
      case .backspace where picker.query.isEmpty: picker.typing = false
      case .backspace, .delete, .left, .right, .home, .end, .control: break
      default: state.notice = "typing a filter: Enter applies, Esc clears"
      }
    }
    state.mode = .valuePicker(picker)
    return []
  }
}
