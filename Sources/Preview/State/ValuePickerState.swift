/// The currency or time zone picker (`C`, `T`): every choice, a filter and the highlighted row.
public struct ValuePickerState: Sendable, Equatable {
  /// What the picker chooses.
  public enum Kind: String, Sendable, Equatable {
    /// An ISO 4217 currency (`setCurrency`).
    case currency = "Currency"
    /// A time zone (`setTimeZone`).
    case timeZone = "Time zone"
  }

  /// What the picker chooses.
  public var kind: Kind
  /// Every row, suggested ones first.
  public var items: [PickerItem]
  /// The filter typed after `/` (every word must occur).
  public var query = ""
  /// Whether keys go to the filter (after `/`, until Enter or Esc).
  public var typing = false
  /// The highlighted row (index into ``visible``).
  public var selection = 0

  /// Creates a picker highlighting `current` (the first row when absent).
  public init(kind: Kind, items: [PickerItem], current: String?) {
    self.kind = kind
    self.items = items
    selection = items.firstIndex { $0.value == current || $0.aliases.contains(current ?? "") } ?? 0
  }

  /// The indices of the rows the filter lets through, in order.
  public var visible: [Int] {
    query.isEmpty ? Array(items.indices) : items.indices.filter { items[$0].matches(query) }
  }

  /// The highlighted row, if any row is visible.
  public var selected: PickerItem? {
    let rows = visible
    guard !rows.isEmpty else { return nil }
    return items[rows[min(max(selection, 0), rows.count - 1)]]
  }

  /// Moves the highlight: single steps wrap around, pages and jumps stop at the ends.
  public mutating func move(by delta: Int) {
    let count = visible.count
    guard count > 0 else {
      selection = 0
      return
    }
    if abs(delta) == 1 {
      selection = (min(max(selection, 0), count - 1) + delta + count) % count
    } else {
      selection = min(max(selection + delta, 0), count - 1)
    }
  }

  /// Changes the filter and keeps the highlighted value when it is still visible (else the first
  /// visible row).
  public mutating func setQuery(_ text: String) {
    let previous = selected?.value
    query = text
    selection = visible.firstIndex { items[$0].value == previous } ?? 0
  }
}
