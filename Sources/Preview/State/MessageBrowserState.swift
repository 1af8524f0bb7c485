/// The message browser's part of the state: the resolved index, the query, filter, compare mode,
/// the rows that pass and the selection.
public struct MessageBrowserState: Sendable, Equatable {
  /// The resolved messages (`nil` until the runtime resolved them).
  public var index: MessageIndex?
  /// The search text being typed (or kept), with its cursor.
  public var queryEditor = LineEditor()
  /// Whether `/` is taking keys for the query.
  public var editingQuery: Bool = false
  /// Which messages are listed.
  public var filter: MessageFilter = .all
  /// Whether a second locale is shown side by side.
  public var compare: Bool = false
  /// The compare locale asked for (`nil`: the runtime picks the source locale).
  public var compareLocale: String?
  /// The entries (indexes into ``index``) that pass the query and the filter.
  public var visible: [Int] = [] {
    didSet { list.resize(count: visible.count, pageSize: list.pageSize) }
  }
  /// The selected row and the first listed row (indexes into ``visible``).
  public private(set) var list = ListCursor()
  /// Whether the detail takes the whole browser (Enter); otherwise it is beside the list when
  /// the terminal is wide enough.
  public var detailOpen: Bool = false
  /// The detail's scroll offset (rows).
  public var detailScroll: Int = 0
  /// The message whose all-locales view (`a` on a screen) opens once the messages are resolved.
  public var pendingLocalesKey: String?
  /// The width budget of the screen block that showed ``pendingLocalesKey``, when it has one.
  public var pendingLocalesBudget: Int?

  /// Creates the initial browser state.
  public init() {}

  /// The search text (every word must occur in the key or a text).
  public var query: String { queryEditor.text }

  /// The selected row (index into ``visible``).
  public var selection: Int {
    get { list.selection }
    set { list.select(newValue) }
  }

  /// The first listed row (index into ``visible``): moves only when the selection leaves the view.
  public var scroll: Int { list.offset }

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

  /// Moves the selection (a list key) with `rows` rows on display.
  public mutating func move(_ motion: ListMotion, rows: Int) {
    keepSelectionVisible(rows: rows)
    list.perform(motion)
    detailScroll = 0
  }

  /// Selects a row (a click, a search match) with `rows` rows on display.
  public mutating func select(row: Int, rows: Int) {
    keepSelectionVisible(rows: rows)
    list.select(row)
    detailScroll = 0
  }

  /// Takes the number of rows on display (the terminal was resized) and keeps the selection in
  /// them.
  public mutating func keepSelectionVisible(rows: Int) {
    list.resize(count: visible.count, pageSize: rows)
  }
}
