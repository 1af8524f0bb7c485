import Foundation
import TestSupport

/// Runs a program to completion through TestSupport's `ChildProcess.capture` (posix_spawn,
/// standard input from /dev/null, an empty signal mask, output in temporary files).
enum Spawn {
  struct Result {
    var status: Int32
    var output: String
    var error: String
  }

  /// Runs `argv` in `directory` (default: the current one); status 127 when it cannot start.
  static func run(_ argv: [String], directory: String? = nil) -> Result {
    guard let captured = try? ChildProcess.capture(argv, in: directory) else {
      return Result(status: 127, output: "", error: "spawn failed")
    }
    return Result(
      status: captured.status, output: captured.standardOutput, error: captured.standardError)
  }
}
