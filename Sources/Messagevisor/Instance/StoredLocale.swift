/// A stored datafile and, from the first lookup in its locale on, its ``LocaleStore``.
///
/// Storing a datafile keeps its content (usually shared with whoever set it, e.g. a previewer's
/// layers); the flat tables `translate` reads are built when a lookup first needs them
/// (``SharedCore/builtStoreLocked(_:)``), so an engine holding forty locales builds the ones it
/// is asked about. Guarded by the core's lock.
final class StoredLocale: @unchecked Sendable {
  /// The stored datafile.
  let content: DatafileContent
  /// The store, once built.
  private(set) var built: LocaleStore?
  /// The store of the datafile this one replaced (same locale), kept until the build borrows
  /// from it.
  private var lender: LocaleStore?

  /// Stores `content` in place of `previous` (same locale), without building anything.
  init(_ content: DatafileContent, replacing previous: StoredLocale?) {
    self.content = content
    lender = previous.flatMap { $0.built ?? $0.lender }
  }

  /// Drops the built store (and the one kept to lend from): the next lookup builds it again.
  /// Returns whether there was one.
  func release() -> Bool {
    defer {
      built = nil
      lender = nil
    }
    return built != nil || lender != nil
  }

  /// The store, built now when it is not yet (reusing what the replaced store and `neighbours`,
  /// the other locales' built stores, have in common with it).
  func store(neighbours: some Sequence<LocaleStore>) -> LocaleStore {
    if let built { return built }
    let store = LocaleStore(content, previous: lender, neighbours: neighbours)
    built = store
    lender = nil
    return store
  }
}
