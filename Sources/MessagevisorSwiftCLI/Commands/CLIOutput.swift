import Foundation
import MessagevisorProject
import TerminalSafety

/// Where CLI commands write: the process streams, or buffers (for tests).
///
/// Everything written is terminal-safe: ``line(_:)`` and ``error(_:)`` pass their text through
/// `SafeText.neutralized(_:keepingLineBreaks:)` (controls shown as symbols, bidi controls removed,
/// joiners kept only where they shape; line breaks and tabs kept), ``json(_:)`` through
/// `SafeText.escapingJSON(_:)` (the same scalars as `\uXXXX` escapes, so the JSON means the same).
/// A translation, key or file name from a project can therefore never emit an escape sequence.
public final class CLIOutput: @unchecked Sendable {
  let lock = NSLock()
  let capture: Bool
  /// Captured standard output (when capturing).
  public private(set) var standardOutput = ""
  /// Captured standard error (when capturing).
  public private(set) var standardError = ""

  /// Whether the process ends when the command returns (the `messagevisor-swift` program): then
  /// what a command loaded is kept to the end instead of freed piece by piece (freeing the
  /// model of a project of 800,000 translations took a tenth of its `build`).
  let endsProcess: Bool
  /// What ``keepUntilExit(_:)`` keeps (guarded by ``lock``).
  private var kept: Any?

  /// Creates an output; `capture` buffers instead of writing to the process streams.
  /// `endsProcess`: the process exits when the command returns, so ``keepUntilExit(_:)`` keeps
  /// what it is given instead of letting it be freed (tests and callers that go on leave it off).
  public init(capture: Bool = false, endsProcess: Bool = false) {
    self.capture = capture
    self.endsProcess = endsProcess
    self.reporter =
      capture
      ? ProgressReporter(enabled: false, write: { _ in }) : ProgressReporter.standardError()
  }

  /// Progress on standard error (see `CLIOutput+Progress.swift`); silent unless it is a terminal.
  let reporter: ProgressReporter

  /// Keeps `value` (a loaded project, a cache) alive until the process exits when it ends after
  /// the command (``endsProcess``); does nothing otherwise. Only the last value is kept: what was
  /// kept before is released now, so a command that loads one project per set holds one at a
  /// time, as it would without this.
  func keepUntilExit(_ value: Any) {
    guard endsProcess else { return }
    var replaced: Any? = value
    lock.withLock { swap(&kept, &replaced) }
    // `replaced`, what was kept before, is released here, outside the lock.
  }

  /// Writes a line of text to standard output, neutralized for the terminal.
  public func line(_ text: String = "") {
    write(SafeText.neutralized(text, keepingLineBreaks: true) + "\n", error: false)
  }

  /// Writes JSON text (and a newline) to standard output, terminal-safe but unchanged in meaning.
  public func json(_ text: String) { write(SafeText.escapingJSON(text) + "\n", error: false) }

  /// Writes a line to standard error, neutralized for the terminal.
  public func error(_ text: String) {
    write(SafeText.neutralized(text, keepingLineBreaks: true) + "\n", error: true)
  }

  func write(_ text: String, error: Bool) {
    lock.lock()
    defer { lock.unlock() }
    if capture {
      if error { standardError += text } else { standardOutput += text }
      return
    }
    let handle = error ? FileHandle.standardError : FileHandle.standardOutput
    handle.write(Data(text.utf8))
  }
}
