import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program to completion with posix_spawn: standard input from /dev/null, output into
/// temporary files (a forked tmux server would keep a pipe open forever), and an empty signal mask
/// with default handlers (a test runner's threads block signals, and children inherit the mask).
enum Spawn {
  struct Result {
    var status: Int32
    var output: String
    var error: String
  }

  static func run(_ argv: [String], directory: String? = nil) -> Result {
    let base =
      NSTemporaryDirectory() + "preview-spawn-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let outPath = base + ".out"
    let errPath = base + ".err"
    defer {
      unlink(outPath)
      unlink(errPath)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
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
    var command = argv
    if let directory {
      // posix_spawn has no portable chdir action: go through /bin/sh.
      let quoted = argv.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
      command = ["/bin/sh", "-c", "cd '\(directory)' && exec " + quoted.joined(separator: " ")]
    }
    var cArguments = command.map { strdup($0) }
    cArguments.append(nil)
    defer { for argument in cArguments { free(argument) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, command[0], &actions, &attributes, cArguments, environ) == 0 else {
      return Result(status: 127, output: "", error: "spawn failed")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    return Result(
      status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
      output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
      error: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
  }
}
