import TerminalUI

/// The currency or time zone picker (`C`, `T`): every choice, a filter and the highlighted row.
public struct ValuePickerState: Sendable, Equatable {
  /// What the picker chooses.
  public enum Kind: String, Sendable, Equatable {
    /// An ISO 4217 currency (`setCurrency`).
    case currency = "Currency"
    /// A time zone (`setTimeZone`).
    case timeZone = "Time zone"
    /// A set of the project (`sets/<name>/`).
    case set = "Set"
  }

  /// What the picker chooses.
  public var kind: Kind
  /// Every row, suggested ones first.
  public var items: [PickerItem]
  /// The filter typed after `/` (every word must occur), with its cursor.
  public private(set) var filter = LineEditor()
  /// Whether keys go to the filter (after `/`, until Enter or Esc).
  public var typing = false
  /// The highlighted row (index into ``visible``); single steps wrap around.
  public private(set) var list: ListCursor

  /// Creates a picker highlighting `current` (the first row when absent).
  public init(kind: Kind, items: [PickerItem], current: String?) {
    self.kind = kind
    self.items = items
    let row = items.firstIndex { $0.value == current || $0.aliases.contains(current ?? "") } ?? 0
    list = ListCursor(count: items.count, selection: row, wraps: true)
  }

  /// The filter text.
  public var query: String { filter.text }

  /// The highlighted row (index into ``visible``).
  public var selection: Int { list.selection }

  /// The indices of the rows the filter lets through, in order.
  public var visible: [Int] {
    query.isEmpty ? Array(items.indices) : items.indices.filter { items[$0].matches(query) }
  }

  /// The highlighted row, if any row is visible.
  public var selected: PickerItem? {
    let rows = visible
    guard !rows.isEmpty else { return nil }
    return items[rows[min(max(list.selection, 0), rows.count - 1)]]
  }

  /// Moves the highlight (a list key) with `rows` rows on display.
  public mutating func move(_ motion: ListMotion, rows: Int) {
    list.resize(count: visible.count, pageSize: rows)
    list.perform(motion)
  }

  /// Highlights a row (index into ``visible``), e.g. the one clicked.
  public mutating func select(_ row: Int) {
    list.resize(count: visible.count, pageSize: list.pageSize)
    list.select(row)
  }

  /// Gives a key to the filter; when the text changes, the highlighted value stays highlighted
  /// if it is still visible (else the first visible row).
  public mutating func editFilter(_ key: Key) -> LineEditorOutcome {
    let previous = selected?.value
    let outcome = filter.handle(key)
    if outcome == .edited { refilter(keeping: previous) }
    return outcome
  }

  /// Replaces the filter text, keeping the highlighted value when it is still visible (else the
  /// first visible row).
  public mutating func setQuery(_ text: String) {
    let previous = selected?.value
    filter = LineEditor(text: text)
    refilter(keeping: previous)
  }

  /// Highlights `value` among the rows the filter lets through, else the first row.
  mutating func refilter(keeping value: String?) {
    let rows = visible
    list.resize(count: rows.count, pageSize: list.pageSize)
    list.select(rows.firstIndex { items[$0].value == value } ?? 0)
  }
}
