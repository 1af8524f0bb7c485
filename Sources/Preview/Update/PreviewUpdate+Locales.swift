extension PreviewUpdate {
  /// `a`: opens the all-locales view of the selected message (the browser's selected row, or the
  /// string selected on a screen, once the runtime resolved the messages).
  static func showAllLocales(_ state: inout PreviewState) -> [PreviewEffect] {
    switch state.mode {
    case .messages:
      guard let key = state.browser.selectedKey, let index = state.browser.index else {
        state.notice = "no message selected"
        return []
      }
      openAllLocales(key, index: index, fromBrowser: true, &state)
      return []
    case .screen:
      guard let key = state.inspectedKey else {
        state.notice =
          "select a string first (click it, or find it with /); then a shows its locales"
        return []
      }
      // The messages are resolved for the current locale and context first (a cached index
      // comes back at once); the view opens when they arrive.
      state.browser.pendingLocalesKey = key
      state.browser.pendingLocalesBudget =
        state.currentScreen?.definition?.blocks.first {
          $0.width != nil && $0.bindings.contains { $0.key == key }
        }?.width
      return [resolveMessages(state)]
    default:
      return []
    }
  }

  /// Shows `key` in every locale of `index`'s target.
  static func openAllLocales(
    _ key: String, index: MessageIndex, fromBrowser: Bool, budget: Int? = nil,
    _ state: inout PreviewState
  ) {
    state.mode = .allLocales(
      MessageLocalesState(
        key: key, rows: MessageLocaleRow.rows(for: key, in: index.source, budget: budget),
        fromBrowser: fromBrowser, pageSize: PreviewView.localesRows(state)))
  }

  /// After messages were resolved again (locales built in the background, an edit, an OTA
  /// revision): an open all-locales view shows its message's rows anew, the same locale still
  /// selected.
  static func refreshAllLocales(_ index: MessageIndex, _ state: inout PreviewState) {
    guard case .allLocales(let view) = state.mode else { return }
    let rows = MessageLocaleRow.rows(
      for: view.key, in: index.source, budget: view.rows.first?.budget)
    guard rows != view.rows else { return }
    let pageSize = PreviewView.localesRows(state)
    var refreshed = MessageLocalesState(
      key: view.key, rows: rows, fromBrowser: view.fromBrowser, pageSize: pageSize)
    if let selected = view.selectedRow?.locale,
      let row = rows.firstIndex(where: { $0.locale == selected })
    {
      refreshed.select(row, pageSize: pageSize)
    }
    state.mode = .allLocales(refreshed)
  }

  /// After messages were resolved: opens the all-locales view that `a` on a screen asked for.
  static func openPendingLocales(_ index: MessageIndex, _ state: inout PreviewState) {
    guard let key = state.browser.pendingLocalesKey else { return }
    state.browser.pendingLocalesKey = nil
    guard state.mode == .screen else { return }
    openAllLocales(
      key, index: index, fromBrowser: false, budget: state.browser.pendingLocalesBudget, &state)
  }

  /// The all-locales view's actions: list motions, Enter (switch to the row's locale with the
  /// message selected) and Esc (back to where it was opened). Returns `nil` for any other action.
  static func performLocales(_ action: PreviewAction, _ state: inout PreviewState)
    -> [PreviewEffect]?
  {
    guard case .allLocales(var view) = state.mode else { return nil }
    let back: PreviewMode = view.fromBrowser ? .messages : .screen
    switch action {
    case .back:
      state.mode = back
      return []
    case .activate:
      state.mode = back
      guard let row = view.selectedRow else { return [] }
      if view.fromBrowser, let index = state.browser.index,
        let position = index.position(of: view.key)
      {
        if let visibleRow = state.browser.visible.firstIndex(of: position) {
          state.browser.select(
            row: visibleRow, rows: PreviewView.messageListRows(height: state.height))
        }
      } else {
        state.inspectedKey = view.key
      }
      state.notice = "\(row.locale): \(view.key)"
      return row.locale == state.content?.locale ? [] : [.setLocale(row.locale)]
    default:
      guard let motion = ListMotion(action) else { return nil }
      view.move(motion, pageSize: PreviewView.localesRows(state))
      state.mode = .allLocales(view)
      return []
    }
  }
}
