import Foundation

extension ChildProcess {
  /// What a program run by ``capture(_:in:timeout:mergingStandardError:)`` wrote, and how it
  /// ended.
  public struct Captured: Sendable, Equatable {
    /// The exit status (128 + the signal number when a signal ended it, or the timeout stopped it).
    public var status: Int32
    /// Everything written to standard output.
    public var standardOutput: String
    /// Everything written to standard error (empty when it was merged into standard output).
    public var standardError: String
    /// Whether the timeout stopped the program.
    public var timedOut = false
  }

  /// Runs `argv` with ``run(_:standardOutput:standardError:timeout:)``, its output in files of a
  /// temporary directory (no pipe to fill up), and returns the output.
  ///
  /// - Parameters:
  ///   - directory: the working directory (through `/bin/sh -c 'cd … && exec …'`, as
  ///     `posix_spawn` has no portable chdir action); `nil` keeps the current one.
  ///   - timeout: at most this many seconds (then SIGTERM, then SIGKILL); `nil` waits for the end.
  ///   - mergingStandardError: standard error goes into standard output, in the order written.
  public static func capture(
    _ argv: [String], in directory: String? = nil, timeout: Double? = nil,
    mergingStandardError: Bool = false
  ) throws -> Captured {
    let temporary = NSTemporaryDirectory() + "child-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: temporary) }
    let out = temporary + "/stdout"
    let err = mergingStandardError ? out : temporary + "/stderr"
    var command = argv
    if let directory {
      let quoted = argv.map(shellQuoted).joined(separator: " ")
      command = ["/bin/sh", "-c", "cd \(shellQuoted(directory)) && exec " + quoted]
    }
    let result = try runReportingTimeout(
      command, standardOutput: out, standardError: err, timeout: timeout)
    func read(_ path: String) -> String {
      String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }
    return Captured(
      status: result.status, standardOutput: read(out),
      standardError: mergingStandardError ? "" : read(err), timedOut: result.timedOut)
  }

  /// `text` in single quotes for a POSIX shell command line.
  public static func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
