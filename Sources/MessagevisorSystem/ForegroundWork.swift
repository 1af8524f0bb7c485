import Foundation

/// Work a user waits for — the frame after a key press — and the background work that steps
/// aside for it. A lower CPU priority (``BackgroundQueue``) is not enough on a machine with few
/// cores: background threads still take a share of every core, and a locale switch that needs
/// both cores for 80 ms waits for them. While foreground work runs (``perform(_:)``), background
/// queues' threads wait at their next checkpoint (``yield(limit:)``), so the foreground has the
/// cores to itself; they go on when it ends.
///
/// A checkpoint must not be reached while holding a lock the foreground may take (it would wait
/// for a thread that waits for it): a checkpoint waits at most its limit, so such a mistake costs
/// that long, never a deadlock.
package enum ForegroundWork {
  /// The foreground work running now.
  private static let work = WorkInProgress()

  /// Runs `body` as foreground work: background queues' threads pause at their next checkpoint
  /// until it returns.
  package static func perform<Result>(_ body: () throws -> Result) rethrows -> Result {
    try work.perform(body)
  }

  /// Whether foreground work is running now.
  package static var isRunning: Bool { work.isRunning }

  /// A checkpoint of background work: on a ``BackgroundQueue``'s thread, waits while foreground
  /// work runs (at most `limit` seconds); on any other thread, or when none runs, returns at once.
  package static func yield(limit: Double = 0.25) {
    guard work.isRunning, BackgroundQueue.isCurrentThreadBackground else { return }
    work.waitUntilNone(limit: limit)
  }
}
