import TerminalUI

extension PreviewUpdate {
  /// The message browser's actions.
  static func performBrowser(_ action: PreviewAction, _ state: inout PreviewState)
    -> [PreviewEffect]
  {
    let rows = PreviewView.messageListRows(height: state.height)
    switch action {
    case .showMessages:
      if state.mode == .messages { return perform(.back, &state) }
      if state.content?.screens.entry(ScreenCatalog.messagesScreen) == nil {
        // A project screen named `messages` hides the built-in one: open the browser as a tool.
        state.mode = .messages
        return [resolveMessages(state)]
      }
      return open(.messages, &state, remember: state.mode == .screen)
    case .searchMessages:
      state.browser.editingQuery = true
      state.browser.detailOpen = false
    case .cycleMessageFilter:
      state.browser.filter = state.browser.filter.next
      state.browser.refilter()
      state.browser.keepSelectionVisible(rows: rows)
    case .toggleCompare:
      state.browser.compare.toggle()
      return [resolveMessages(state)]
    case .cycleCompareLocale:
      let locales = state.content?.loadedLocales ?? []
      let others = locales.filter { $0 != state.content?.locale }
      let current = state.browser.index?.compareLocale ?? state.browser.compareLocale
      guard let next = PreviewChoices.next(after: current, in: others) else { return [] }
      state.browser.compare = true
      state.browser.compareLocale = next
      return [resolveMessages(state)]
    case .toggleMessageDetail:
      if state.browser.selectedEntry != nil { state.browser.detailOpen.toggle() }
      state.browser.detailScroll = 0
    case .selectNext, .selectPrevious, .pageDown, .pageUp, .selectFirst, .selectLast:
      guard let motion = ListMotion(action) else { return [] }
      if state.browser.detailOpen {
        // The open detail scrolls (its length is known only to the view, which clamps).
        let delta: Int
        switch motion {
        case .next: delta = 1
        case .previous: delta = -1
        case .pageDown: delta = rows
        case .pageUp: delta = -rows
        case .first: delta = -state.browser.detailScroll
        case .last: delta = 1_000_000
        }
        state.browser.detailScroll = max(0, min(state.browser.detailScroll + delta, 100_000))
        return []
      }
      state.browser.move(motion, rows: rows)
    default:
      break
    }
    return []
  }

  /// Esc in the browser: closes the detail first (returns `true`: handled); otherwise leaves the
  /// browser for the screen it was opened from (the `messages` screen goes back like any other
  /// screen) and returns `false` so that the usual back logic runs.
  static func browserBack(_ state: inout PreviewState) -> Bool {
    guard state.mode == .messages else { return false }
    if state.browser.detailOpen {
      state.browser.detailOpen = false
      return true
    }
    state.browser.editingQuery = false
    state.mode = .screen
    return false
  }

  /// The `messages` screen is the message browser: whenever it is the screen on display (opened
  /// with `m`, `s`, `--screen messages`, or as the only screen of a project without
  /// `previews/`), the browser mode takes over; entering it, and every change the screens follow
  /// while it is open, resolves the messages.
  static func enterBrowserIfShown(
    previous: PreviewState, _ next: inout PreviewState, _ effects: inout [PreviewEffect]
  ) {
    if next.mode == .screen, next.screen == .messages, next.content != nil {
      next.mode = .messages
    }
    let asked = effects.contains { if case .resolveMessages = $0 { true } else { false } }
    // The all-locales view follows the same changes (e.g. locales built in the background).
    if case .allLocales = next.mode, !asked, effects.contains(.resolveContent) {
      effects.append(resolveMessages(next))
    }
    guard next.mode == .messages else { return }
    if !asked, previous.mode != .messages || effects.contains(.resolveContent) {
      effects.append(resolveMessages(next))
    }
  }

  /// Keys while `/` is typing a query: the ``LineEditor`` keys edit it (the list follows on
  /// every change), Enter keeps it, Esc clears it, ↑/↓ move the selection, Backspace on an empty
  /// query stops typing.
  static func handleQueryKey(_ key: Key, _ state: inout PreviewState) -> [PreviewEffect] {
    let rows = PreviewView.messageListRows(height: state.height)
    switch state.browser.queryEditor.handle(key) {
    case .edited:
      break
    case .moved:
      return []
    case .ignored:
      switch key {
      case .down: state.browser.move(.next, rows: rows)
      case .up: state.browser.move(.previous, rows: rows)
      case .backspace where state.browser.query.isEmpty: state.browser.editingQuery = false
      default: break
      }
      return []
    case .submitted:
      state.browser.editingQuery = false
      return []
    case .cancelled:
      state.browser.editingQuery = false
      state.browser.queryEditor = LineEditor()
    }
    state.browser.refilter()
    state.browser.keepSelectionVisible(rows: rows)
    return []
  }

  /// The browser takes a newly resolved index: the query and filter apply again, the selected
  /// key stays selected.
  static func takeMessages(_ index: MessageIndex, _ state: inout PreviewState) {
    state.browser.index = index
    if let locale = index.compareLocale { state.browser.compareLocale = locale }
    state.browser.refilter()
    state.browser.keepSelectionVisible(rows: PreviewView.messageListRows(height: state.height))
    refreshAllLocales(index, &state)
    openPendingLocales(index, &state)
  }

  /// The effect that resolves the browser's messages for the state's compare settings.
  static func resolveMessages(_ state: PreviewState) -> PreviewEffect {
    .resolveMessages(compare: state.browser.compare, compareLocale: state.browser.compareLocale)
  }
}
