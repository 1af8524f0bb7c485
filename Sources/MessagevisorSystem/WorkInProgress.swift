import Foundation

/// Work some other thread waits to see the end of: ``perform(_:)`` counts each piece while it
/// runs (nested and concurrent pieces count each), and ``waitUntilNone(limit:)`` returns once
/// none runs. The previewer's locale switches that wait for a locale to be built hold up the
/// background build this way, and ``ForegroundWork`` holds up every background queue.
package final class WorkInProgress: @unchecked Sendable {
  /// Guards `running`; signalled when the last piece ends.
  private let condition = NSCondition()
  private var running = 0

  /// Creates a counter with no work in progress.
  package init() {}

  /// Runs `body` as one piece of the work.
  package func perform<Result>(_ body: () throws -> Result) rethrows -> Result {
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

  /// Whether a piece runs now.
  package var isRunning: Bool {
    condition.lock()
    defer { condition.unlock() }
    return running > 0
  }

  /// Returns when no piece runs (at once when none does), or after `limit` seconds (`nil`: no
  /// limit).
  package func waitUntilNone(limit: Double? = nil) {
    let deadline = limit.map { Date(timeIntervalSinceNow: $0) }
    condition.lock()
    while running > 0 {
      guard let deadline else {
        condition.wait()
        continue
      }
      if !condition.wait(until: deadline) { break }
    }
    condition.unlock()
  }
}
