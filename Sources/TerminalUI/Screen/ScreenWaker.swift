/// Wakes a screen's ``Screen/readEvent(timeout:)`` from another thread: the waiting call returns
/// `nil` (as after a timeout) so the program can look at its other event sources at once.
///
/// Obtain one from ``NcursesScreen/makeWaker()`` (or ``HeadlessScreen/makeWaker()``); it is
/// `Sendable` and cheap to call from any thread.
public struct ScreenWaker: Sendable {
  private let action: @Sendable () -> Void

  /// Creates a waker that runs `wake`.
  public init(wake: @escaping @Sendable () -> Void) {
    self.action = wake
  }

  /// Wakes the waiting reader (no effect when nobody waits; the next wait returns at once).
  public func wake() {
    action()
  }
}
