/// The selection and scroll of a list: one set of rules for every list of the previewer (the
/// message browser, the diagnostics panel, the events log, the help, the pickers, a screen that
/// scrolls).
///
/// - ±1 steps wrap around when ``wraps`` is set (the pickers), otherwise stop at the ends.
/// - A page is ``pageSize`` rows (the rows the list shows); pages, first and last never wrap.
/// - The offset (first visible row) moves only when the selection would leave the view, and is
///   never past the point where the last page is full.
/// - An empty list has selection 0 and offset 0; a resize (new count or page size) clamps both.
public struct ListCursor: Sendable, Equatable {
  /// The selected row (0 when the list is empty).
  public private(set) var selection: Int
  /// The first visible row.
  public private(set) var offset: Int
  /// The number of rows.
  public private(set) var count: Int
  /// The number of rows shown at once (at least 1): the length of a page.
  public private(set) var pageSize: Int
  /// Whether single steps wrap from the last row to the first and back.
  public var wraps: Bool

  /// Creates a cursor over `count` rows showing `pageSize` of them from `offset`, with
  /// `selection` selected (both clamped; the offset moves if the selection would not be visible).
  public init(
    count: Int = 0, pageSize: Int = 1, selection: Int = 0, offset: Int = 0, wraps: Bool = false
  ) {
    self.count = max(count, 0)
    self.pageSize = max(pageSize, 1)
    self.selection = 0
    self.offset = min(max(offset, 0), max(self.count - self.pageSize, 0))
    self.wraps = wraps
    select(selection)
  }

  /// The rows on display.
  public var visibleRows: Range<Int> {
    offset..<min(offset + pageSize, count)
  }

  /// The largest offset: the one that shows the last page full.
  public var maximumOffset: Int {
    max(count - pageSize, 0)
  }

  /// Takes a new row count and page size (the list was filtered, the terminal resized): the
  /// selection and offset are clamped and the selection stays visible.
  public mutating func resize(count: Int, pageSize: Int) {
    self.count = max(count, 0)
    self.pageSize = max(pageSize, 1)
    select(selection)
  }

  /// Selects a row (clamped to the list) and scrolls as little as needed to show it.
  public mutating func select(_ row: Int) {
    selection = min(max(row, 0), max(count - 1, 0))
    if selection < offset { offset = selection }
    if selection >= offset + pageSize { offset = selection - pageSize + 1 }
    offset = min(max(offset, 0), maximumOffset)
  }

  /// Moves the selection by `delta` rows: a single step wraps when ``wraps`` is set; any other
  /// move stops at the ends.
  public mutating func move(by delta: Int) {
    guard count > 0 else { return }
    if wraps, abs(delta) == 1 {
      select((selection + delta + count) % count)
    } else {
      select(selection + delta)
    }
  }

  /// Applies a motion (one of the list keys) to the selection.
  public mutating func perform(_ motion: ListMotion) {
    switch motion {
    case .next: move(by: 1)
    case .previous: move(by: -1)
    case .pageDown: move(by: pageSize)
    case .pageUp: move(by: -pageSize)
    case .first: select(0)
    case .last: select(count - 1)
    }
  }

  /// Applies a motion to the offset alone, for a list read by scrolling (the help, a long screen,
  /// the events log): steps and pages scroll, first and last go to the ends; the selection
  /// follows the offset.
  public mutating func scroll(_ motion: ListMotion) {
    switch motion {
    case .next: offset += 1
    case .previous: offset -= 1
    case .pageDown: offset += pageSize
    case .pageUp: offset -= pageSize
    case .first: offset = 0
    case .last: offset = maximumOffset
    }
    offset = min(max(offset, 0), maximumOffset)
    selection = min(offset, max(count - 1, 0))
  }
}
