import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs child processes with bounded waits.
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
  /// stdout and stderr captured through a temporary file; kills it after `timeout` seconds. Runs in
  /// the current directory (main.swift changes to the package root).
  static func run(
    _ executable: URL, _ arguments: [String], timeout: Double
  ) throws -> Result {
    let outputPath =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "mv-bench-\(UUID().uuidString).out"
      ).path
    defer { unlink(outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv: [UnsafeMutablePointer<CChar>?] =
      ([executable.path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // Children start with no blocked signals and default dispositions: the Swift runtime's
    // threads block signals and ignore SIGPIPE, and a tmux server spawned with that mask never
    // reaps its panes nor obeys kill-server.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGCHLD, SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGWINCH] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable.path, &actions, &attributes, argv, environ)
    guard spawned == 0 else {
      throw BenchmarkFailure(text: "cannot start \(executable.path): errno \(spawned)")
    }
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid { break }
      if result < 0 {
        if errno == EINTR { continue }
        status = 0  // reaped elsewhere: the exit status is unknown
        break
      }
      if Date() > deadline {
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        throw Timeout(command: ([executable.path] + arguments).joined(separator: " "))
      }
      usleep(500)
    }
    let exitStatus: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    return Result(status: exitStatus, output: output)
  }

  /// `/usr/bin/env`-resolved tool (tmux, python3).
  static func tool(_ name: String, _ arguments: [String], timeout: Double = 10) throws -> Result {
    try run(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, timeout: timeout)
  }

  /// CPU ticks (utime + stime) of `pid` from /proc/<pid>/stat.
  static func cpuTicks(_ pid: Int32) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return nil }
    // Fields after "(comm)": state is field 3; utime 14 and stime 15 (1-based).
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else {
      return nil
    }
    return user + system
  }

  /// A /proc/<pid>/status field in kB (e.g. VmRSS, VmHWM).
  static func statusKilobytes(_ pid: Int32, _ field: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      return nil
    }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
      let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
      return Int(digits)
    }
    return nil
  }
}
