/// The message browser's part of the state: the resolved index, the query, filter, compare mode,
/// the rows that pass and the selection.
public struct MessageBrowserState: Sendable, Equatable {
  /// The resolved messages (`nil` until the runtime resolved them).
  public var index: MessageIndex?
  /// The search text (every word must occur in the key or a text).
  public var query: String = ""
  /// Whether `/` is taking keys for the query.
  public var editingQuery: Bool = false
  /// Which messages are listed.
  public var filter: MessageFilter = .all
  /// Whether a second locale is shown side by side.
  public var compare: Bool = false
  /// The compare locale asked for (`nil`: the runtime picks the source locale).
  public var compareLocale: String?
  /// The entries (indexes into ``index``) that pass the query and the filter.
  public var visible: [Int] = []
  /// The selected row (index into ``visible``).
  public var selection: Int = 0
  /// The first listed row (index into ``visible``): moves only when the selection leaves the view.
  public var scroll: Int = 0
  /// Whether the detail takes the whole browser (Enter); otherwise it is beside the list when
  /// the terminal is wide enough.
  public var detailOpen: Bool = false
  /// The detail's scroll offset (rows).
  public var detailScroll: Int = 0

  /// Creates the initial browser state.
  public init() {}

  /// The entry position (into ``index``) of the selected row.
  public var selectedEntry: Int? {
    visible.indices.contains(selection) ? visible[selection] : nil
  }

  /// The selected message key.
  public var selectedKey: String? {
    guard let index, let position = selectedEntry else { return nil }
    return index.entries[position].key
  }

  /// Recomputes ``visible`` for the query and filter, keeping the selected key when it still
  /// passes (else the nearest row).
  public mutating func refilter() {
    let key = selectedKey
    visible = index?.select(query: query, filter: filter) ?? []
    if let key, let index, let position = index.position(of: key),
      let row = visible.firstIndex(of: position)
    {
      selection = row
    } else {
      selection = min(selection, max(visible.count - 1, 0))
    }
    detailScroll = 0
  }

  /// Moves the selection by `delta` rows and scrolls so that it stays within `rows` visible rows.
  public mutating func move(by delta: Int, rows: Int) {
    guard !visible.isEmpty else {
      selection = 0
      scroll = 0
      return
    }
    selection = min(max(selection + delta, 0), visible.count - 1)
    detailScroll = 0
    keepSelectionVisible(rows: rows)
  }

  /// Adjusts ``scroll`` so that the selection is inside the `rows` visible rows.
  public mutating func keepSelectionVisible(rows: Int) {
    let rows = max(rows, 1)
    if selection < scroll { scroll = selection }
    if selection >= scroll + rows { scroll = selection - rows + 1 }
    scroll = min(max(scroll, 0), max(visible.count - rows, 0))
  }
}
