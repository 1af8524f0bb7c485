import Foundation

/// The locale switches that wait for a locale to be built (`loadLocale`): while there is one,
/// the background locale build waits before its next locale (the build's lock is not fair: it
/// would take it again at once), and goes on as soon as the last one is served.
final class LocaleDemand: @unchecked Sendable {
  private let condition = NSCondition()
  // Guarded by `condition`.
  private var waiting = 0

  /// Runs `body` as a waiting switch: the background build does not start another locale
  /// meanwhile.
  func serve<Result>(_ body: () throws -> Result) rethrows -> Result {
    condition.lock()
    waiting += 1
    condition.unlock()
    defer {
      condition.lock()
      waiting -= 1
      if waiting == 0 { condition.broadcast() }
      condition.unlock()
    }
    return try body()
  }

  /// Returns when no switch waits (at once when none does).
  func waitUntilServed() {
    condition.lock()
    while waiting > 0 { condition.wait() }
    condition.unlock()
  }
}
