import Foundation
import TestSupport

/// Runs child processes with bounded waits, through TestSupport's `ChildProcess`.
enum Processes {
  struct Result {
    var status: Int32
    var output: String
  }

  struct Timeout: Error, CustomStringConvertible {
    var command: String
    var description: String { "timed out: \(command)" }
  }

  /// Runs `executable` with `arguments` (posix_spawn + waitpid: Foundation's `Process` on Linux
  /// can leave a child that daemonizes a grandchild, like tmux, unreaped and "running" forever),
  /// standard output and standard error captured together; kills it after `timeout` seconds. Runs
  /// in the current directory (main.swift changes to the package root).
  static func run(
    _ executable: URL, _ arguments: [String], timeout: Double
  ) throws -> Result {
    let argv = [executable.path] + arguments
    let captured: ChildProcess.Captured
    do {
      captured = try ChildProcess.capture(argv, timeout: timeout, mergingStandardError: true)
    } catch {
      throw BenchmarkFailure(text: "cannot start \(executable.path): \(error)")
    }
    if captured.timedOut { throw Timeout(command: argv.joined(separator: " ")) }
    return Result(status: captured.status, output: captured.standardOutput)
  }
}
