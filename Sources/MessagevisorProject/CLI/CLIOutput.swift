import Foundation

/// Where CLI commands write: the process streams, or buffers (for tests).
public final class CLIOutput: @unchecked Sendable {
  let lock = NSLock()
  let capture: Bool
  /// Captured standard output (when capturing).
  public private(set) var standardOutput = ""
  /// Captured standard error (when capturing).
  public private(set) var standardError = ""

  /// Creates an output; `capture` buffers instead of writing to the process streams.
  public init(capture: Bool = false) {
    self.capture = capture
  }

  /// Writes a line to standard output.
  public func line(_ text: String = "") { write(text + "\n", error: false) }

  /// Writes a line to standard error.
  public func error(_ text: String) { write(text + "\n", error: true) }

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
