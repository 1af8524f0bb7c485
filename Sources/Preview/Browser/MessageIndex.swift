import Messagevisor

/// Every message of the target resolved in one locale and context: the browser's rows, their
/// search text, and what the detail view needs to explain them.
///
/// Built by ``MessageIndex/build(_:)`` off the key-press path (after a locale, context or
/// datafile change); a key press only calls ``select(query:filter:)``, which scans pre-lowercased
/// bytes. Immutable; two indexes are equal when they are the same build.
public final class MessageIndex: Sendable, Equatable {
  /// The rows, sorted by key.
  public let entries: [MessageEntry]
  /// The locale the texts are in.
  public let locale: String
  /// The compare locale, when compare mode is on.
  public let compareLocale: String?
  /// What the index was built from (the detail view explains overrides with it).
  public let source: MessageBrowserSource
  let search: MessageSearchText
  let flags: [MessageFlags]

  convenience init(entries: [MessageEntry], source: MessageBrowserSource) {
    self.init(entries: entries, source: source, search: MessageSearchText(entries))
  }

  /// An index whose search text is already made (see `MessageSearchText`).
  init(entries: [MessageEntry], source: MessageBrowserSource, search: MessageSearchText) {
    self.entries = entries
    self.locale = source.locale
    self.compareLocale = source.compareLocale
    self.source = source
    self.search = search
    self.flags = entries.map(\.flags)
  }

  /// Identity: an index is only equal to itself (the state compares indexes on every frame).
  public static func == (lhs: MessageIndex, rhs: MessageIndex) -> Bool { lhs === rhs }

  /// The indexes of the entries that contain every word of `query` (in the key, the text or the
  /// compare text, case-insensitively) and pass `filter`, in key order.
  public func select(query: String, filter: MessageFilter) -> [Int] {
    let words = MessageSearchText.words(query)
    var result: [Int] = []
    result.reserveCapacity(words.isEmpty && filter == .all ? entries.count : 64)
    for index in entries.indices where filter.passes(flags[index]) {
      if words.isEmpty || search.matches(index, words: words) { result.append(index) }
    }
    return result
  }

  /// How many entries carry each flag.
  public func count(_ flag: MessageFlags) -> Int {
    flags.reduce(0) { $0 + ($1.isSuperset(of: flag) ? 1 : 0) }
  }

  /// How many entries pass `filter`.
  public func count(passing filter: MessageFilter) -> Int {
    flags.reduce(0) { $0 + (filter.passes($1) ? 1 : 0) }
  }

  /// The index of the entry with `key`, if any.
  public func position(of key: String) -> Int? {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].key < key { low = middle + 1 } else { high = middle }
    }
    return low < entries.count && entries[low].key == key ? low : nil
  }
}
