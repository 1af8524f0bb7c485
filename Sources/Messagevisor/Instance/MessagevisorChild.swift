/// A request-, task- or screen-scoped view of a root instance (spec §3.8).
///
/// It shares datafiles, defaults, modules, resolvers and caches with its parent and owns its
/// context, locale, currency, time zone, version, listeners and snapshots. Parent datafile updates
/// arrive as the child's own `datafile_set` + `change` events.
public final class MessagevisorChild: MessagevisorInstance, @unchecked Sendable {
  let parent: Messagevisor
  /// This child's slot in ``SharedCore/children`` (-1 when not registered; guarded by the lock).
  @exclusivity(unchecked) var registrySlot = -1

  init(
    parent: Messagevisor, context: MessagevisorContext, locale: String?, currency: String?,
    timeZone: String?
  ) {
    self.parent = parent
    super.init(
      core: parent.core, locale: locale, context: context, currency: currency,
      timeZone: timeZone, logLevel: parent.logLevel)
  }

  deinit {
    core.lock.lock()
    core.children.remove(self)
    core.lock.unlock()
  }

  /// Emits the child's own `datafile_set` (and `change`) for a datafile the parent stored (caller
  /// holds the lock). The root calls it for every registered child instead of each child
  /// subscribing a listener, which made `spawn` allocate a closure and a listener entry.
  /// `previousTable` is the stored datafiles' table from before the store (the previous snapshot's
  /// when the child has had no event yet).
  func parentStoredDatafileLocked(
    _ datafile: DatafileContent, locale: String, replaced: Bool, previousTable: RevisionTable
  ) {
    guard !isClosed else { return }
    emitLocked(
      .datafileSet, .datafileSet(datafile, locale, activeLocale, activeLocale, replaced),
      previous: lastSnapshot ?? snapshotSourceLocked(table: previousTable))
  }

  /// Removes only this child's listeners and stops its parent updates; never closes modules.
  /// Never throws.
  public func close() async throws {
    locked {
      isClosed = true
      listeners.removeAll()
      core.children.remove(self)
    }
  }
}
