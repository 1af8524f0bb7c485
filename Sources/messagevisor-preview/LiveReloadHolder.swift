import MessagevisorLocking
import Preview

/// The previewer's live editing, started on another thread after the first frame: holds it once
/// it runs, and stops it when the program ends (also when it starts only after that).
final class LiveReloadHolder: Sendable {
  private let state = Locked<(live: ProjectLiveReload?, stopped: Bool)>((nil, false))

  /// Keeps `reload`, or stops it at once when the program already ended.
  func keep(_ reload: ProjectLiveReload) {
    let late = state.withLock { state -> Bool in
      if !state.stopped { state.live = reload }
      return state.stopped
    }
    if late { reload.stop() }
  }

  /// Stops live editing (now, or as soon as it starts).
  func stop() {
    let current = state.withLock { state -> ProjectLiveReload? in
      state.stopped = true
      defer { state.live = nil }
      return state.live
    }
    current?.stop()
  }
}
