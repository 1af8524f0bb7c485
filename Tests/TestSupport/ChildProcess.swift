import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs programs for tests that drive real terminals (tmux) and executables.
public enum ChildProcess {
  /// `posix_spawn` refused to start the program; `code` is its error number.
  public struct SpawnError: Error, Sendable, Equatable {
    /// The error number `posix_spawn` returned.
    public var code: Int32
  }

  /// Runs `argv` to completion with standard input from /dev/null and the given output files.
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
    let child = try start(argv, standardOutput: standardOutput, standardError: standardError)
    let pid = child.pid
    var exitStatus: Int32 = 0
    if let timeout {
      var reaped = false
      for _ in 0..<max(1, Int(timeout / 0.01)) {
        let result = waitpid(pid, &exitStatus, WNOHANG)
        if result == pid {
          reaped = true
          break
        }
        if result < 0 && errno != EINTR { break }
        usleep(10_000)
      }
      if !reaped {
        child.stop(grace: 2)
        return 128 + SIGTERM
      }
    } else {
      while waitpid(pid, &exitStatus, 0) < 0 && errno == EINTR {}
    }
    let signal = exitStatus & 0x7F
    return signal == 0 ? (exitStatus >> 8) & 0xFF : 128 + signal
  }
}
