import TerminalUI

extension PreviewUpdate {
  /// What a search looks at in the view on display: the items in order, the cursor's item, and
  /// how to move the cursor to an item. One implementation (``TextSearch``) serves every view.
  struct SearchScope {
    var items: [String]
    var current: Int?
    var go: (inout PreviewState, Int) -> Void
  }

  /// The search scope of the state's view (`nil`: nothing to search here).
  static func searchScope(_ state: PreviewState) -> SearchScope? {
    switch state.mode {
    case .screen:
      let strings = PreviewView.screenStrings(state)
      guard !strings.isEmpty else { return nil }
      let items = strings.map { state.inspect ? "\($0.text) ‹\($0.key)›" : $0.text }
      let current = state.inspectedKey.flatMap { key in strings.firstIndex { $0.key == key } }
      return SearchScope(items: items, current: current) { state, index in
        state.inspectedKey = strings[index].key
        let (scroll, limit) = PreviewView.screenScrollPosition(state)
        let rows = max(state.height - 5, 1)
        let row = strings[index].row
        if row < scroll || row >= scroll + rows {
          state.screenScroll = min(max(row - 1, 0), limit)
          state.screenScrolled = true
        }
      }
    case .diagnostics:
      let items = state.diagnostics.visible.map(PreviewView.diagnosticText)
      return SearchScope(items: items, current: state.diagnostics.selection) { state, index in
        state.diagnostics.selection = index
        state.diagnostics.expanded = false
      }
    case .events:
      let items = state.events.entries.reversed().map { PreviewView.eventText($0, state) }
      return SearchScope(items: items, current: state.events.selection ?? state.events.scroll) {
        state, index in
        state.events.selection = index
        let shown = PreviewView.eventsShown(state)
        if index < state.events.scroll || index >= state.events.scroll + shown {
          state.events.scroll = index
        }
      }
    case .localePicker(let selection):
      return SearchScope(items: state.content?.loadedLocales ?? [], current: selection) {
        state, index in
        state.mode = .localePicker(selection: index)
      }
    case .help:
      let rows = PreviewView.helpRows(
        for: state, width: max(state.width - 4, 1), height: max(state.height - 5, 1)
      ).rows
      let items = rows.map { $0.keys + " " + $0.text }
      return SearchScope(items: items, current: state.help.scroll) { state, index in
        state.help.scroll = min(index, max(rows.count - (state.height - 5), 0))
      }
    case .messages:
      guard let index = state.browser.index else { return nil }
      let items = state.browser.visible.map { position -> String in
        let entry = index.entries[position]
        return [entry.key, entry.text ?? "", entry.compareText ?? ""].joined(separator: " ")
      }
      return SearchScope(items: items, current: state.browser.selection) { state, row in
        state.browser.select(row: row, rows: PreviewView.messageListRows(height: state.height))
      }
    case .allLocales(let view):
      let items = view.rows.map { "\($0.locale) \($0.state.label) \($0.text ?? "")" }
      return SearchScope(items: items, current: view.list.selection) { state, row in
        guard case .allLocales(var view) = state.mode else { return }
        view.select(row, pageSize: PreviewView.localesRows(state))
        state.mode = .allLocales(view)
      }
    case .contextEditor:
      return nil
    case .valuePicker:
      // The currency and time zone pickers filter as you type (their own `/`).
      return nil
    }
  }

  /// `/`, `n` and `N`.
  static func performSearch(_ action: PreviewAction, _ state: inout PreviewState)
    -> [PreviewEffect]
  {
    switch action {
    case .search:
      state.search.editing = true
      state.search.editor = LineEditor()
    case .searchNext, .searchPrevious:
      // The message browser's `/` filter is its query; n/N step through the rows it keeps.
      let query = state.mode == .messages ? state.browser.query : state.search.query
      guard !query.isEmpty else {
        state.notice = "no search yet — press / and type"
        return []
      }
      jump(to: query, forward: action == .searchNext, includingCurrent: false, &state)
    case .nextString, .previousString:
      // The inspect cursor: every string is a match; it moves (and scrolls) as a search does.
      guard let scope = searchScope(state), !scope.items.isEmpty else { return [] }
      let count = scope.items.count
      let forward = action == .nextString
      let index =
        scope.current.map { (forward ? $0 + 1 : $0 - 1 + count) % count }
        ?? (forward ? 0 : count - 1)
      scope.go(&state, index)
    default:
      break
    }
    return []
  }

  /// Moves the cursor to the next (or previous) match and says where it is.
  static func jump(
    to query: String, forward: Bool, includingCurrent: Bool, _ state: inout PreviewState
  ) {
    guard let scope = searchScope(state) else {
      state.notice = "nothing to search here"
      return
    }
    guard
      let match = TextSearch.find(
        query, in: scope.items, from: scope.current, forward: forward,
        includingCurrent: includingCurrent)
    else {
      state.notice = "no match for “\(query)”"
      return
    }
    scope.go(&state, match.index)
    var note = "“\(query)”: match \(match.ordinal) of \(match.count) — n next, N previous"
    if match.wrapped {
      note += forward ? " (wrapped around to the top)" : " (wrapped around to the bottom)"
    }
    state.notice = note
  }

  /// Keys while `/` is typing: the ``LineEditor`` keys edit the query (the cursor follows the
  /// first match from where it is), Enter keeps it, Esc clears it, Backspace on an empty query
  /// stops.
  static func handleSearchKey(_ key: Key, _ state: inout PreviewState) -> [PreviewEffect] {
    switch state.search.editor.handle(key) {
    case .edited:
      break
    case .moved:
      return []
    case .ignored:
      if key == .backspace, state.search.query.isEmpty { state.search.editing = false }
      return []
    case .submitted:
      state.search.editing = false
      if state.search.query.isEmpty { return [] }
      jump(to: state.search.query, forward: true, includingCurrent: true, &state)
      return []
    case .cancelled:
      state.search.editing = false
      state.search.editor = LineEditor()
      state.notice = nil
      return []
    }
    state.notice = nil
    if !state.search.query.isEmpty, let scope = searchScope(state),
      let match = TextSearch.find(
        state.search.query, in: scope.items, from: scope.current, forward: true,
        includingCurrent: true)
    {
      scope.go(&state, match.index)
    }
    return []
  }
}
