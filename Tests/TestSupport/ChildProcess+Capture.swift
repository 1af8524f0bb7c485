import Foundation

extension ChildProcess {
  /// What a program run by ``capture(_:timeout:)`` wrote, and how it ended.
  public struct Captured: Sendable, Equatable {
    /// The exit status (128 + the signal number when a signal ended it, or the timeout stopped it).
    public var status: Int32
    /// Everything written to standard output.
    public var standardOutput: String
    /// Everything written to standard error.
    public var standardError: String
  }

  /// Runs `argv` with ``run(_:standardOutput:standardError:timeout:)``, its output in files of a
  /// temporary directory (no pipe to fill up), and returns the output; at most `timeout` seconds.
  public static func capture(_ argv: [String], timeout: Double) throws -> Captured {
    let directory = NSTemporaryDirectory() + "child-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let out = directory + "/stdout"
    let err = directory + "/stderr"
    let status = try run(argv, standardOutput: out, standardError: err, timeout: timeout)
    func read(_ path: String) -> String {
      String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }
    return Captured(status: status, standardOutput: read(out), standardError: read(err))
  }
}
