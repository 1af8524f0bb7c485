import Foundation
import MessagevisorSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ChildProcess {
  /// A program started in the background by ``start(_:standardOutput:standardError:)``.
  public struct Running: Sendable {
    /// The child's process id.
    public var pid: pid_t

    /// Whether the child is still running (reaps it when it has exited).
    public var isRunning: Bool {
      var status: Int32 = 0
      return waitpid(pid, &status, WNOHANG) == 0
    }

    /// Sends SIGTERM, waits up to `grace` seconds (polling every 20 ms), then SIGKILL and reaps.
    public func stop(grace: Double = 5) {
      kill(pid, SIGTERM)
      var status: Int32 = 0
      let polls = max(1, Int(grace / 0.02))
      for _ in 0..<polls {
        let reaped = waitpid(pid, &status, WNOHANG)
        if reaped == pid || (reaped < 0 && errno == ECHILD) { return }
        usleep(20_000)
      }
      kill(pid, SIGKILL)
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
  }

  /// Starts `argv` without waiting: standard input from `standardInput` (a terminal's device,
  /// for a program that needs one; /dev/null by default), output to the given files (the same
  /// path for both sends standard error into the standard output file), an empty signal mask
  /// and default handlers (see ``run(_:standardOutput:standardError:timeout:)``), so that
  /// SIGTERM from ``Running/stop(grace:)`` reaches it.
  public static func start(
    _ argv: [String], standardInput: String = "/dev/null", standardOutput: String,
    standardError: String
  ) throws(SpawnError) -> Running {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if standardError == standardOutput {
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    } else {
      posix_spawn_file_actions_addopen(
        &actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    }
    switch ChildProgram.spawn(argv, actions: &actions) {
    case .success(let pid): return Running(pid: pid)
    case .failure(let error): throw SpawnError(code: error.code)
    }
  }
}
