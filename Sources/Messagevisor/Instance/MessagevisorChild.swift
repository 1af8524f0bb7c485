/// A request-, task- or screen-scoped view of a root instance (spec §3.8).
///
/// It shares datafiles, defaults, modules, resolvers and caches with its parent and owns its
/// context, locale, currency, time zone, version, listeners and snapshots. Parent datafile updates
/// arrive as the child's own `datafile_set` + `change` events.
public final class MessagevisorChild: MessagevisorInstance, @unchecked Sendable {
  let parent: Messagevisor
  /// Removes the parent bridge (guarded by the core lock).
  var removeBridge: (@Sendable () -> Void)?
  /// This child's slot in ``SharedCore/children`` (-1 when not registered; guarded by the lock).
  var registrySlot = -1

  init(
    parent: Messagevisor, context: MessagevisorContext, locale: String?, currency: String?,
    timeZone: String?
  ) {
    self.parent = parent
    super.init(
      core: parent.core, locale: locale, context: context, currency: currency,
      timeZone: timeZone, logLevel: parent.logLevel, diagnosticHandler: parent.diagnosticHandler)
  }

  deinit {
    removeBridge?()
    core.lock.lock()
    core.children.remove(self)
    core.lock.unlock()
  }

  /// Subscribes to the parent's `datafile_set` events (caller holds the lock).
  func bridgeLocked() {
    removeBridge = parent.on(.datafileSet) { [weak self] event in
      guard let self,
        case .datafileSet(let datafile, let locale, _, _, let replaced) = event.details
      else { return }
      self.locked {
        guard !self.isClosed else { return }
        self.emitLocked(
          .datafileSet,
          .datafileSet(datafile, locale, self.activeLocale, self.activeLocale, replaced))
      }
    }
  }

  /// Removes only this child's parent bridge and listeners; never closes modules. Never throws.
  public func close() async throws {
    let remove: (@Sendable () -> Void)? = locked {
      isClosed = true
      listeners.removeAll()
      let remove = removeBridge
      removeBridge = nil
      return remove
    }
    remove?()
  }
}
