/// The project reloads a session went through, kept so that the message browser can refresh
/// only the rows an edit touched: for each reload, the engine's snapshot version before and after
/// it and the messages it changed (`nil`: anything may have changed). See
/// `PreviewSession.resolveMessages(compare:compareLocale:)`.
struct ReloadJournal: Sendable {
  /// One reload.
  struct Entry: Sendable, Equatable {
    /// The engine's snapshot version when the reload began.
    var before: Int
    /// The engine's snapshot version when the reload had set everything on the engine.
    var after: Int
    /// The messages the reload changed; `nil` when anything may have changed.
    var messages: Set<String>?
  }

  /// The most reloads remembered (a browser that has not looked for longer starts over).
  static let capacity = 64

  /// The recent reloads by number.
  private(set) var entries: [Int: Entry] = [:]

  /// Creates an empty journal.
  init() {}

  /// Records reload number `reload`, forgetting the oldest beyond `capacity`.
  mutating func record(_ reload: Int, _ entry: Entry) {
    entries[reload] = entry
    entries = entries.filter { $0.key > reload - Self.capacity }
  }

  /// The messages that changed between the engine state at `from` (its snapshot version, after
  /// `from.reload` reloads) and the one at `to`, when all that happened in between is reloads
  /// that changed known messages, one after another (every version between them accounted
  /// for); `nil` otherwise (another change to the engine, a reload of anything, or no reload).
  func changedMessages(from: (version: Int, reload: Int), to: (version: Int, reload: Int))
    -> Set<String>?
  {
    guard to.reload > from.reload else { return nil }
    var version = from.version
    var messages = Set<String>()
    for number in (from.reload + 1)...to.reload {
      guard let entry = entries[number], entry.before == version, let changed = entry.messages
      else { return nil }
      messages.formUnion(changed)
      version = entry.after
    }
    return version == to.version ? messages : nil
  }
}
