import Foundation
import TestSupport

/// A tmux server on a private socket running one session, for real-terminal tests.
/// Every wait is bounded; `stop()` kills the server.
final class TmuxSession {
  let socket: String
  let name = "smoke"

  /// The tmux binary, if installed.
  static let tmuxPath: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// The terminalui-smoke executable built next to the test bundle, if present.
  static let smokePath: String? = {
    let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
      .resolvingSymlinksInPath()
    var directory = executable.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("terminalui-smoke").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }()

  static var available: Bool { tmuxPath != nil && smokePath != nil }

  init(width: Int, height: Int, command: String) throws {
    socket = "terminalui-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    _ = try run([
      "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", name,
      "env -u NO_COLOR TERM=xterm-256color LANG=C.UTF-8 \(command)",
    ])
  }

  /// Runs tmux with `arguments` on the private socket and returns its standard output.
  ///
  /// tmux is started with posix_spawn and an empty signal mask: a test runner's threads may
  /// block signals, and the tmux server and the programs in it would inherit that mask.
  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    let outputPath =
      NSTemporaryDirectory() + "tmux-out-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    defer { unlink(outputPath) }
    let argv = [Self.tmuxPath ?? "/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments
    try Self.spawn(argv, standardOutput: outputPath, standardError: "/dev/null")
    return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }

  /// Runs `argv` to completion (see ``ChildProcess/run(_:standardOutput:standardError:)``).
  /// Returns the exit status (128 + signal if killed).
  @discardableResult
  static func spawn(_ argv: [String], standardOutput: String, standardError: String) throws -> Int32
  {
    do {
      return try ChildProcess.run(
        argv, standardOutput: standardOutput, standardError: standardError)
    } catch {
      throw TmuxError.spawnFailed(error.code)
    }
  }

  enum TmuxError: Error {
    case spawnFailed(Int32)
  }

  func capture(escapes: Bool = false) -> [String] {
    let text = (try? run(["capture-pane", "-p"] + (escapes ? ["-e"] : []) + ["-t", name])) ?? ""
    return text.components(separatedBy: "\n")
  }

  func display(_ format: String) -> String {
    ((try? run(["display-message", "-p", "-t", name, format])) ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func sendKeys(_ keys: String...) {
    _ = try? run(["send-keys", "-t", name] + keys)
  }

  var panePID: pid_t? { pid_t(display("#{pane_pid}")) }

  /// Polls `condition` every 50 ms for at most `seconds`; returns whether it became true.
  @discardableResult
  static func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      usleep(50_000)
    }
    return condition()
  }

  /// Waits until the screen contains `text` (bounded).
  @discardableResult
  func waitFor(_ text: String, seconds: Double = 10) -> Bool {
    Self.waitUntil(seconds: seconds) { capture().contains { $0.contains(text) } }
  }

  func stop() {
    _ = try? run(["kill-server"])
  }

  /// Whether `pid` is still running (a zombie counts as exited).
  static func isRunning(_ pid: pid_t) -> Bool {
    guard kill(pid, 0) == 0 else { return false }
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
      return true
    }
    // The state follows the ")" that closes the command name.
    guard let close = stat.lastIndex(of: ")") else { return true }
    let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
    return state != "Z" && state != "X"
  }

  /// CPU time (user + system, in clock ticks) used by `pid`, from /proc.
  static func cpuTicks(_ pid: pid_t) -> Int? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // Fields after the name: state is 0, utime is 11, stime is 12.
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
      return nil
    }
    return user + system
  }
}
