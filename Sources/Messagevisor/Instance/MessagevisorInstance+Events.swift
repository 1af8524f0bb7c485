extension MessagevisorInstance {
  /// Subscribes to `type` events. Returns an idempotent, synchronous unsubscribe function. On a
  /// closed instance this does nothing and returns a no-op.
  @discardableResult
  public final func on(_ type: MessagevisorEventType, _ handler: @escaping MessagevisorEventHandler)
    -> @Sendable () -> Void
  {
    locked {
      guard !isClosed else { return {} }
      let id = core.makeIdentifier()
      listeners[type, default: []].append(Listener(id: id, handler: handler))
      return { [weak self] in self?.removeListener(type, id) }
    }
  }

  /// Subscribes to `change` events with a callback that takes no arguments.
  @discardableResult
  public final func subscribe(_ handler: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
    on(.change) { _ in handler() }
  }

  final func removeListener(_ type: MessagevisorEventType, _ id: Int) {
    locked { listeners[type]?.removeAll { $0.id == id } }
  }

  /// Bumps the version, publishes the specific event and then `change` (caller holds the lock).
  /// `previous` is ``lastSnapshotLocked()`` taken before the state changed.
  final func emitLocked(
    _ type: MessagevisorEventType, _ details: MessagevisorEventDetails,
    previous: SnapshotSource
  ) {
    version += 1
    let source = snapshotSourceLocked()
    lastSnapshot = source
    guard !isClosed else { return }
    // Nobody listens: the event (and its two snapshots) would reach no one.
    guard listeners[type]?.isEmpty == false || listeners[.change]?.isEmpty == false else {
      return
    }
    let event = MessagevisorEvent(
      type: type, version: version, details: details, snapshot: source.snapshot,
      previousSnapshot: previous.snapshot)
    dispatchLocked(event)
    var change = event
    change.type = .change
    change.details = .change(type, details)
    dispatchLocked(change)
  }

  /// Calls the listeners of `event.type`; a throwing listener does not affect the others.
  final func dispatchLocked(_ event: MessagevisorEvent) {
    guard let current = listeners[event.type], !current.isEmpty else { return }
    for listener in current {
      do {
        try listener.handler(event)
      } catch {
        // Listener failures are isolated from state changes and other listeners.
      }
    }
  }
}
