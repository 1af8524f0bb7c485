/// The all-locales view (`a`): one message in every locale of the target, one row each, with a
/// ``ListCursor`` selection.
///
/// Enter on a row switches the previewer to that locale with the message selected. The
/// selected row (``selectedRow``) is also what an editor opens on: it names the locale and the
/// text to start from.
public struct MessageLocalesState: Sendable, Equatable {
  /// The message key.
  public var key: String
  /// The rows: the active locale first, then the others by name.
  public var rows: [MessageLocaleRow]
  /// The selection and scroll.
  public private(set) var list: ListCursor
  /// Whether the view was opened from the message browser (Esc and Enter return there; else to
  /// the screen).
  public var fromBrowser: Bool

  /// Creates the view of `key` with its `rows`, the first row selected.
  public init(key: String, rows: [MessageLocaleRow], fromBrowser: Bool, pageSize: Int = 1) {
    self.key = key
    self.rows = rows
    self.fromBrowser = fromBrowser
    list = ListCursor(count: rows.count, pageSize: pageSize)
  }

  /// The selected row, if any.
  public var selectedRow: MessageLocaleRow? {
    rows.indices.contains(list.selection) ? rows[list.selection] : nil
  }

  /// Selects `row` (a search match) with `pageSize` rows on display.
  public mutating func select(_ row: Int, pageSize: Int) {
    list.resize(count: rows.count, pageSize: pageSize)
    list.select(row)
  }

  /// Moves the selection with `pageSize` rows on display.
  public mutating func move(_ motion: ListMotion, pageSize: Int) {
    list.resize(count: rows.count, pageSize: pageSize)
    list.perform(motion)
  }
}
