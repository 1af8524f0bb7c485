import Foundation
import Preview

/// The previewer's live editing, started on another thread after the first frame: holds it once
/// it runs, and stops it when the program ends (also when it starts only after that).
final class LiveReloadHolder: @unchecked Sendable {
  private let lock = NSLock()
  // Guarded by `lock`.
  private var live: ProjectLiveReload?
  private var stopped = false

  /// Keeps `reload`, or stops it at once when the program already ended.
  func keep(_ reload: ProjectLiveReload) {
    lock.lock()
    let late = stopped
    if !late { live = reload }
    lock.unlock()
    if late { reload.stop() }
  }

  /// Stops live editing (now, or as soon as it starts).
  func stop() {
    lock.lock()
    stopped = true
    let current = live
    live = nil
    lock.unlock()
    current?.stop()
  }
}
