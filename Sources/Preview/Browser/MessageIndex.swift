import Dispatch
import Messagevisor
import MessagevisorLocking
import MessagevisorSystem

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
  /// The search text, made in the background after the index (a locale switch or an edit does
  /// not wait for it), or by the first search that comes earlier; until then, the earlier index
  /// whose rows it copies the text of (`kept`: for each entry, its row there, see
  /// `MessageSearchText`).
  private let searchText: Locked<SearchText>
  let flags: [MessageFlags]

  /// The search text, or what it is to be made from.
  private enum SearchText: Sendable {
    case made(MessageSearchText)
    case pending(previous: MessageIndex?, kept: [Int?])
  }

  /// The search text of the entries (made once; made outside the lock, so that the background
  /// queue making it can step aside for a key's frame without holding up a search: a search that
  /// comes meanwhile makes it too, and the first one made is kept).
  var search: MessageSearchText {
    let made: MessageSearchText
    switch searchText.withLock({ $0 }) {
    case .made(let made): return made
    case .pending(let previous, let kept):
      made = MessageSearchText(entries, previous: previous?.search, kept: kept)
    }
    return searchText.withLock { search in
      if case .made(let first) = search { return first }
      search = .made(made)
      return made
    }
  }

  /// An index of `entries`; with `previous`, the search text of each entry that `kept` names a
  /// row of `previous` for (the same key and texts there) is copied from it.
  init(
    entries: [MessageEntry], source: MessageBrowserSource, previous: MessageIndex? = nil,
    kept: [Int?] = []
  ) {
    self.entries = entries
    self.locale = source.locale
    self.compareLocale = source.compareLocale
    self.source = source
    self.flags = entries.map(\.flags)
    searchText = Locked(.pending(previous: kept.isEmpty ? nil : previous, kept: kept))
    Self.searchQueue.async { [weak self] in _ = self?.search }
  }

  /// Where the search text is made: background work (see `BackgroundQueue`).
  static let searchQueue = BackgroundQueue(label: "messagevisor-preview.search")

  /// Identity: an index is only equal to itself (the state compares indexes on every frame).
  public static func == (lhs: MessageIndex, rhs: MessageIndex) -> Bool { lhs === rhs }

  /// The indexes of the entries that contain every word of `query` (in the key, the text or the
  /// compare text, case-insensitively) and pass `filter`, in key order.
  public func select(query: String, filter: MessageFilter) -> [Int] {
    let words = MessageSearchText.words(query)
    var result: [Int] = []
    result.reserveCapacity(words.isEmpty && filter == .all ? entries.count : 64)
    let search = words.isEmpty ? nil : self.search
    for index in entries.indices where filter.passes(flags[index]) {
      if search?.matches(index, words: words) ?? true { result.append(index) }
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
