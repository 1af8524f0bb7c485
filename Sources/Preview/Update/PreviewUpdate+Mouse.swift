import TerminalUI

extension PreviewUpdate {
  /// Rows the wheel moves per notch.
  static let wheelStep = 3

  /// A mouse event: the frame the state draws says what is under the pointer (the regions the
  /// view marked while drawing it), so a click reaches exactly what is shown there.
  static func handleMouse(_ event: MouseEvent, _ state: inout PreviewState) -> [PreviewEffect] {
    // Typing keeps the keyboard: the context editor and a search being typed ignore the mouse;
    // a click closes the copy box.
    if case .contextEditor = state.mode { return [] }
    if state.translationEditor != nil { return [] }
    if state.search.editing || state.browser.editingQuery { return [] }
    if state.copyText != nil {
      if case .press = event.kind { state.copyText = nil }
      return []
    }
    switch event.kind {
    case .wheelUp, .wheelDown, .press(button: 1): break
    default: return []  // releases and the other buttons do nothing
    }
    let frame = PreviewView.render(state)
    let targets = frame.regions(atColumn: event.x, row: event.y).compactMap {
      HitTarget(tag: $0.tag)
    }
    switch event.kind {
    case .wheelUp, .wheelDown:
      for target in targets {
        if case .area(let list) = target {
          wheel(list, down: event.kind == .wheelDown, &state)
          return []
        }
      }
      return []
    case .press(button: 1):
      guard let target = targets.first(where: \.isClickable) else { return [] }
      return click(target, &state)
    default:
      return []
    }
  }

  /// A left click on a target.
  static func click(_ target: HitTarget, _ state: inout PreviewState) -> [PreviewEffect] {
    switch target {
    case .action(let action):
      let available = KeyTable.bindings.contains {
        $0.action == action && $0.scope.isActive(in: state) && $0.isEnabled(state)
      }
      guard available else {
        state.notice = "not available here — press ? for help"
        return []
      }
      return perform(action, &state)
    case .text(let key):
      state.notice = nil
      state.inspectedKey = key
    case .button(let key):
      guard let definition = state.currentScreen?.definition,
        let position = state.focusables.firstIndex(where: {
          definition.blocks[$0].bindings.first?.key == key
        })
      else { return [] }
      state.notice = nil
      state.focus = position
      return activate(&state)
    case .row(let list, let index):
      return clickRow(list, index, &state)
    case .area:
      break
    }
    return []
  }

  /// A click on a list row selects it; a click on the selected row opens it (diagnostic
  /// details, message detail), chooses it (locale) or cycles it (context attribute).
  static func clickRow(_ list: HitList, _ index: Int, _ state: inout PreviewState)
    -> [PreviewEffect]
  {
    state.notice = nil
    switch list {
    case .diagnostics:
      if state.diagnostics.selection == index {
        state.diagnostics.expanded.toggle()
      } else {
        state.diagnostics.selection = clamp(index, state.diagnostics.visible.count)
        state.diagnostics.expanded = false
      }
    case .events:
      state.events.selection = clamp(index, state.events.entries.count)
    case .messages:
      if state.browser.selection == index {
        return performBrowser(.toggleMessageDetail, &state)
      }
      state.browser.select(row: index, rows: PreviewView.messageListRows(height: state.height))
    case .picker:
      state.mode = .localePicker(selection: index)
      return activate(&state)
    case .valuePicker:
      guard case .valuePicker(var picker) = state.mode else { return [] }
      if picker.selection == index { return choosePicked(picker, &state) }
      picker.select(index)
      state.mode = .valuePicker(picker)
    case .attributes:
      if state.contextSelection == index { return perform(.cycleContextValue, &state) }
      state.contextSelection = index
    case .screen, .detail, .help:
      break
    }
    return []
  }

  /// The wheel over a scrollable area.
  static func wheel(_ list: HitList, down: Bool, _ state: inout PreviewState) {
    let action: PreviewAction = down ? .selectNext : .selectPrevious
    let step = down ? wheelStep : -wheelStep
    switch list {
    case .messages:
      state.browser.select(
        row: state.browser.selection + step, rows: PreviewView.messageListRows(height: state.height)
      )
    case .detail:
      state.browser.detailScroll = max(0, min(state.browser.detailScroll + step, 100_000))
    case .picker:
      if case .localePicker(let selection) = state.mode {
        let count = state.content?.loadedLocales.count ?? 0
        state.mode = .localePicker(selection: clamp(selection + step, count))
      }
    case .valuePicker:
      if case .valuePicker(var picker) = state.mode {
        // Clamped, not wrapped: the wheel stops at the ends of the list.
        picker.select(picker.selection + step)
        state.mode = .valuePicker(picker)
      }
    case .screen, .diagnostics, .events, .help:
      for _ in 0..<wheelStep { move(action, &state) }
    case .attributes:
      break
    }
  }
}
