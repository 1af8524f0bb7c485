import Foundation

/// Waits for a condition by polling, bounded both by a deadline and by a number of polls.
public enum Polling {
  /// Checks `condition` every `interval` seconds until it holds or `seconds` have passed (at most
  /// `seconds / interval + 1` checks); returns whether it held.
  @discardableResult
  public static func until(seconds: Double, interval: Double = 0.05, _ condition: () -> Bool)
    -> Bool
  {
    let deadline = Date().addingTimeInterval(seconds)
    let polls = max(1, Int(seconds / max(interval, 0.000_1)) + 1)
    for _ in 0..<polls {
      if condition() { return true }
      if Date() >= deadline { return false }
      usleep(useconds_t(interval * 1_000_000))
    }
    return condition()
  }
}
