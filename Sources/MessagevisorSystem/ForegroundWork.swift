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
  /// Guards ``running``; signalled when the last foreground work ends.
  private static let condition = NSCondition()
  /// The foreground work running now (nested and concurrent calls count each).
  nonisolated(unsafe) private static var running = 0

  /// Runs `body` as foreground work: background queues' threads pause at their next checkpoint
  /// until it returns.
  package static func perform<Result>(_ body: () throws -> Result) rethrows -> Result {
    condition.lock()
    running += 1
    condition.unlock()
    defer {
      condition.lock()
      running -= 1
      if running == 0 { condition.broadcast() }
      condition.unlock()
    }
    return try body()
  }

  /// Whether foreground work is running now.
  package static var isRunning: Bool {
    condition.lock()
    defer { condition.unlock() }
    return running > 0
  }

  /// A checkpoint of background work: on a ``BackgroundQueue``'s thread, waits while foreground
  /// work runs (at most `limit` seconds); on any other thread, or when none runs, returns at once.
  package static func yield(limit: Double = 0.25) {
    guard isRunning, BackgroundQueue.isCurrentThreadBackground else { return }
    let deadline = Date(timeIntervalSinceNow: limit)
    condition.lock()
    while running > 0 {
      if !condition.wait(until: deadline) { break }
    }
    condition.unlock()
  }
}
