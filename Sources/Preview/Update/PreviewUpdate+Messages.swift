import TerminalUI

extension PreviewUpdate {
  /// The message browser's actions.
  static func performBrowser(_ action: PreviewAction, _ state: inout PreviewState)
    -> [PreviewEffect]
  {
    let rows = PreviewView.messageListRows(height: state.height)
    switch action {
    case .showMessages:
      if state.mode == .messages {
        state.mode = .screen
        state.browser.editingQuery = false
        return []
      }
      state.mode = .messages
      return [resolveMessages(state)]
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
      if state.browser.detailOpen {
        let delta: Int
        switch action {
        case .selectNext: delta = 1
        case .selectPrevious: delta = -1
        case .pageDown: delta = rows
        case .pageUp: delta = -rows
        case .selectFirst: delta = -state.browser.detailScroll
        default: delta = 1_000_000
        }
        state.browser.detailScroll = max(0, min(state.browser.detailScroll + delta, 100_000))
        return []
      }
      let count = state.browser.visible.count
      let delta: Int
      switch action {
      case .selectNext: delta = 1
      case .selectPrevious: delta = -1
      case .pageDown: delta = rows
      case .pageUp: delta = -rows
      case .selectFirst: delta = -count
      default: delta = count
      }
      state.browser.move(by: delta, rows: rows)
    default:
      break
    }
    return []
  }

  /// Esc in the browser: closes the detail, then the search, then the browser. Returns whether
  /// it closed something inside the browser (the browser stays open).
  static func browserBack(_ state: inout PreviewState) -> Bool {
    guard state.mode == .messages else { return false }
    if state.browser.detailOpen {
      state.browser.detailOpen = false
      return true
    }
    return false
  }

  /// Keys while `/` is typing a query: text edits the query (the list follows on every key),
  /// Enter keeps it, Esc clears it, ↑/↓ move the selection.
  static func handleQueryKey(_ key: Key, _ state: inout PreviewState) -> [PreviewEffect] {
    let rows = PreviewView.messageListRows(height: state.height)
    switch key {
    case .character(let c):
      state.browser.query.append(c)
    case .backspace:
      if state.browser.query.isEmpty {
        state.browser.editingQuery = false
        return []
      }
      state.browser.query.removeLast()
    case .enter:
      state.browser.editingQuery = false
      return []
    case .escape:
      state.browser.editingQuery = false
      state.browser.query = ""
    case .down:
      state.browser.move(by: 1, rows: rows)
      return []
    case .up:
      state.browser.move(by: -1, rows: rows)
      return []
    case .control("c"):
      state.quitting = true
      return [.quit]
    default:
      return []
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
  }

  /// The effect that resolves the browser's messages for the state's compare settings.
  static func resolveMessages(_ state: PreviewState) -> PreviewEffect {
    .resolveMessages(compare: state.browser.compare, compareLocale: state.browser.compareLocale)
  }
}
