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
  @discardableResult
  public static func run(_ argv: [String], standardOutput: String, standardError: String)
    throws(SpawnError) -> Int32
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(
      &actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var cArguments = argv.map { strdup($0) }
    cArguments.append(nil)
    defer { for argument in cArguments { free(argument) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, environ)
    guard status == 0 else { throw SpawnError(code: status) }
    var exitStatus: Int32 = 0
    while waitpid(pid, &exitStatus, 0) < 0 && errno == EINTR {}
    let signal = exitStatus & 0x7F
    return signal == 0 ? (exitStatus >> 8) & 0xFF : 128 + signal
  }
}
