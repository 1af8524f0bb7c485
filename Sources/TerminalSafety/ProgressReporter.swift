import Foundation

/// A one-line progress indicator for long command-line work, shared by both executables.
///
/// It shows nothing unless it is enabled (the caller passes whether standard error is a terminal
/// and no `--json` was asked for), nothing during the first ``delay`` seconds, and at most one
/// update per ``interval``. Every line is neutralised (``SafeText``) and drawn over the previous
/// one with a carriage return; ``finish()`` erases it. The library never writes by itself: the
/// caller passes the function that writes to standard error.
public final class ProgressReporter: @unchecked Sendable {
  /// Seconds of silence before the first line.
  public let delay: Double
  /// The shortest time between two lines, in seconds.
  public let interval: Double
  private let enabled: Bool
  private let write: @Sendable (String) -> Void
  private let clock: @Sendable () -> Double
  private let lock = NSLock()
  private let start: Double
  private var lastDrawn: Double?
  private var shown = false
  private var lastLine = ""

  /// Creates a reporter. `enabled` is false in pipes and with `--json`; `write` receives the raw
  /// bytes to send to the terminal; `clock` returns seconds (tests pass a fake one).
  public init(
    enabled: Bool, delay: Double = 1, interval: Double = 0.1,
    write: @escaping @Sendable (String) -> Void,
    clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }
  ) {
    self.enabled = enabled
    self.delay = delay
    self.interval = interval
    self.write = write
    self.clock = clock
    self.start = clock()
  }

  /// A reporter on standard error, enabled when it is a terminal, `json` is false and
  /// `MESSAGEVISOR_NO_PROGRESS` is unset. `MESSAGEVISOR_PROGRESS_DELAY` (seconds, 0…60) replaces
  /// the one-second delay (tests use 0 to see progress on short work).
  public static func standardError(json: Bool = false) -> ProgressReporter {
    let environment = ProcessInfo.processInfo.environment
    let terminal = isatty(2) == 1
    let optedOut = environment["MESSAGEVISOR_NO_PROGRESS"] != nil
    let delay =
      environment["MESSAGEVISOR_PROGRESS_DELAY"].flatMap(Double.init).map { min(max($0, 0), 60) }
      ?? 1
    return ProgressReporter(enabled: terminal && !json && !optedOut, delay: delay) { text in
      FileHandle.standardError.write(Data(text.utf8))
    }
  }

  /// Reports `done` of `total` steps (`total` 0: unknown) with a short label.
  public func update(_ label: String, done: Int = 0, total: Int = 0) {
    guard enabled else { return }
    lock.lock()
    defer { lock.unlock() }
    let now = clock()
    guard now - start >= delay else { return }
    if let lastDrawn, now - lastDrawn < interval { return }
    lastDrawn = now
    var line = SafeText.neutralized(label, keepingLineBreaks: false)
    if total > 0 { line += " \(min(done, total))/\(total)" }
    let elapsed = Int(now - start)
    line += " (\(elapsed) s)"
    if line.count > 78 { line = String(line.prefix(77)) + "…" }
    shown = true
    lastLine = line
    write("\r\u{1B}[K" + line)
  }

  /// Erases the line, if one was drawn.
  public func finish() {
    lock.lock()
    defer { lock.unlock() }
    guard shown else { return }
    shown = false
    write("\r\u{1B}[K")
  }
}
