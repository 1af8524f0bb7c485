import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs programs for tests and benchmarks that drive real terminals (tmux) and executables, with
/// their output in files; it starts them with the package's one `posix_spawn` call
/// (`ChildProgram.spawn` in MessagevisorSystem).
public enum ChildProcess {
  /// `posix_spawn` refused to start the program; `code` is its error number.
  public struct SpawnError: Error, Sendable, Equatable {
    /// The error number `posix_spawn` returned.
    public var code: Int32
  }

  /// Runs `argv` to completion with standard input from /dev/null and the given output files
  /// (the same path for both sends standard error into the standard output file).
  ///
  /// The child gets an empty signal mask and default signal handlers: a test runner's threads may
  /// block signals, and the child (and, for tmux, the server and the programs in it) would inherit
  /// that mask. Output goes to files because a forked tmux server would keep a pipe open forever.
  /// - Returns: the exit status, or 128 + the signal number when a signal ended the child.
  /// With `timeout` (seconds), a child still running then is stopped (SIGTERM, then SIGKILL) and
  /// its status is the signal's.
  @discardableResult
  public static func run(
    _ argv: [String], standardOutput: String, standardError: String, timeout: Double? = nil
  ) throws(SpawnError) -> Int32 {
    try runReportingTimeout(
      argv, standardOutput: standardOutput, standardError: standardError, timeout: timeout
    ).status
  }

  /// ``run(_:standardOutput:standardError:timeout:)``, also telling whether the timeout ended it.
  static func runReportingTimeout(
    _ argv: [String], standardOutput: String, standardError: String, timeout: Double?
  ) throws(SpawnError) -> (status: Int32, timedOut: Bool) {
    let child = try start(argv, standardOutput: standardOutput, standardError: standardError)
    let pid = child.pid
    var exitStatus: Int32 = 0
    if let timeout {
      // Polls every 0.5 ms, so that a short program's end is seen at once (the benchmarks time
      // whole runs), bounded by the deadline and by a count.
      let interval = 0.000_5
      let deadline = Date().addingTimeInterval(timeout)
      var reaped = false
      for _ in 0...Int(timeout / interval) + 1 {
        let result = waitpid(pid, &exitStatus, WNOHANG)
        if result == pid {
          reaped = true
          break
        }
        if result < 0 && errno != EINTR {
          // Reaped elsewhere: the exit status is unknown.
          return (0, false)
        }
        if Date() > deadline { break }
        usleep(useconds_t(interval * 1_000_000))
      }
      if !reaped {
        child.stop(grace: 2)
        return (128 + SIGTERM, true)
      }
    } else {
      while waitpid(pid, &exitStatus, 0) < 0 && errno == EINTR {}
    }
    let signal = exitStatus & 0x7F
    return (signal == 0 ? (exitStatus >> 8) & 0xFF : 128 + signal, false)
  }
}
