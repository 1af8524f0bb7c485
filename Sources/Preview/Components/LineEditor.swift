/// One editable line (or block of lines) of typed text: the text, a cursor, an optional history
/// and the keys that edit them, shared by every text field of the previewer (the `/` search, the
/// message browser's query, the pickers' filters, the context editor).
///
/// The cursor counts grapheme clusters (`Character`s), so it never splits an emoji, a flag or a
/// letter with combining marks; every edit goes through one primitive that measures in UTF-8 and
/// puts the cursor back on a cluster boundary, so even a mark typed after a letter (which joins
/// it) leaves the cursor after the joined cluster. Keys: see ``handle(_:)``.
public struct LineEditor: Sendable, Equatable {
  /// The text typed so far.
  public internal(set) var text: String
  /// The cursor: the number of grapheme clusters before it (0 ... `text.count`).
  public internal(set) var cursor: Int
  /// Whether the text may hold several lines: ↑/↓ move between lines and ``newlineKey`` inserts
  /// a line break; otherwise line breaks typed or pasted are dropped and ↑/↓ recall ``history``.
  public let multiline: Bool
  /// Earlier submitted lines, oldest first (↑/↓ recall them in a single-line editor; empty: ↑/↓
  /// are left to the caller, e.g. to move a list).
  public internal(set) var history: [String]
  /// The history line shown, or `nil` while editing a new line.
  public internal(set) var historyIndex: Int?
  /// The new line typed before ↑ recalled history (↓ past the newest line brings it back).
  var draft: String = ""
  /// The display column ↑/↓ keep in a multi-line editor (set by the first vertical move).
  var goalColumn: Int?

  /// The key that inserts a line break in a multi-line editor: Ctrl-J (line feed). The terminal
  /// delivers Enter as a carriage return, so the two stay apart; Ctrl-S/Ctrl-Q are flow control
  /// and Alt-Enter arrives as Esc followed by Enter.
  public static let newlineKey = "C-j"
  /// The most lines ``record()`` keeps.
  public static let historyLimit = 50

  /// Creates an editor holding `text` with the cursor at its end.
  public init(text: String = "", multiline: Bool = false, history: [String] = []) {
    self.multiline = multiline
    self.text = multiline ? text : Self.singleLine(text)
    self.cursor = self.text.count
    self.history = history
    self.historyIndex = nil
  }

  /// Replaces the text (the cursor goes to its end; a history recall in progress ends).
  public mutating func setText(_ newText: String) {
    text = multiline ? newText : Self.singleLine(newText)
    cursor = text.count
    historyIndex = nil
    goalColumn = nil
  }

  /// Inserts `string` at the cursor, as typing or pasting it would (line breaks are dropped in
  /// a single-line editor and become `\n` in a multi-line one).
  public mutating func insert(_ string: String) {
    let cleaned = multiline ? Self.normalizedLineBreaks(string) : Self.singleLine(string)
    guard !cleaned.isEmpty else { return }
    replace(cursor..<cursor, with: cleaned)
  }

  /// Adds the current text to ``history`` (not an empty line, nor a repeat of the newest), keeping
  /// at most ``historyLimit`` lines, and starts a new line of history.
  public mutating func record() {
    if !text.isEmpty, history.last != text { history.append(text) }
    if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
    historyIndex = nil
    draft = ""
  }

  /// Replaces the clusters `range` (cluster offsets) with `string` and puts the cursor right
  /// after the inserted text, on a cluster boundary of the result. Every edit goes through here.
  mutating func replace(_ range: Range<Int>, with string: String) {
    let start = text.index(text.startIndex, offsetBy: range.lowerBound)
    let end = text.index(start, offsetBy: range.count)
    let bytesBeforeCursor = text.utf8.distance(from: text.startIndex, to: start) + string.utf8.count
    text.replaceSubrange(start..<end, with: string)
    cursor = Self.clusterOffset(afterUTF8: bytesBeforeCursor, in: text)
    historyIndex = nil
    goalColumn = nil
  }

  /// Moves the cursor to a cluster offset (clamped to the text).
  mutating func moveCursor(to offset: Int) {
    cursor = min(max(offset, 0), text.count)
  }

  /// The number of clusters that start before `bytes` UTF-8 bytes: a cluster that a byte offset
  /// falls inside counts whole, so the cursor lands after it.
  static func clusterOffset(afterUTF8 bytes: Int, in text: String) -> Int {
    var consumed = 0
    var count = 0
    for cluster in text {
      if consumed >= bytes { break }
      consumed += cluster.utf8.count
      count += 1
    }
    return count
  }

  /// `text` without line breaks (a single-line editor drops them, as the pickers always did).
  static func singleLine(_ text: String) -> String {
    guard text.contains(where: \.isNewline) else { return text }
    return String(text.filter { !$0.isNewline })
  }

  /// `text` with every kind of line break (CR LF, CR, NEL, LS, PS…) written as `\n`.
  static func normalizedLineBreaks(_ text: String) -> String {
    guard text.contains(where: { $0.isNewline && $0 != "\n" }) else { return text }
    return String(text.map { $0.isNewline ? "\n" : $0 })
  }
}
