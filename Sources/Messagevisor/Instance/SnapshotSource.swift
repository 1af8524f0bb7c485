/// What a ``MessagevisorSnapshot`` is made of, kept without building one: the instance's state
/// values (copy-on-write, so keeping them costs retains) and the shared ``RevisionTable`` of the
/// stored datafiles at that moment. An instance keeps the source of its last event's snapshot
/// (the next event's `previousSnapshot`) and builds the snapshot only when an event is delivered.
struct SnapshotSource {
  var version: Int
  var locale: String?
  var context: MessagevisorContext
  var currency: String?
  var timeZone: String?
  var table: RevisionTable

  /// The snapshot.
  var snapshot: MessagevisorSnapshot {
    MessagevisorSnapshot(
      version: version, locale: locale,
      direction: locale.flatMap { table.directions[$0] ?? nil }, context: context,
      currency: currency, timeZone: timeZone, datafileLocales: table.locales,
      datafileRevisionsByLocale: table.revisions)
  }
}

/// The locales, revisions and directions of the stored datafiles of one ``SharedCore``
/// generation, built once per generation and shared by the root, its children and their snapshot
/// sources.
final class RevisionTable: @unchecked Sendable {
  let locales: [String]
  let revisions: [String: String]
  let directions: [String: String?]

  init(_ stores: [String: StoredLocale]) {
    var revisions: [String: String] = [:]
    var directions: [String: String?] = [:]
    revisions.reserveCapacity(stores.count)
    directions.reserveCapacity(stores.count)
    for (locale, store) in stores {
      revisions[locale] = store.content.revision
      directions[locale] = .some(store.content.direction)
    }
    self.locales = revisions.keys.sorted()
    self.revisions = revisions
    self.directions = directions
  }
}
