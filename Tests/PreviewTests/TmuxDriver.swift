import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Drives a program in tmux on a private socket (`tmux -L <unique>`), like a person would.
/// Every wait is bounded by a deadline.
final class TmuxDriver {
  let socket =
    "mvpreview-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
  let session = "main"

  static var tmuxPath: String? {
    for path in ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
    where FileManager.default.isExecutableFile(atPath: path) {
      return path
    }
    return nil
  }

  /// Runs tmux with arguments and returns (status, stdout).
  /// Runs tmux on the private socket and returns its exit status and standard output.
  @discardableResult
  func tmux(_ arguments: [String]) -> (status: Int32, output: String) {
    guard let path = Self.tmuxPath else { return (127, "") }
    let result = Spawn.run([path, "-L", socket, "-f", "/dev/null"] + arguments)
    return (result.status, result.output)
  }

  /// Whether a process is still running (a zombie nobody reaped counts as ended).
  static func isRunning(_ pid: Int32) -> Bool {
    if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) {
      guard let close = stat.lastIndex(of: ")") else { return true }
      let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).prefix(1)
      return state != "Z" && state != "X"
    }
    #if os(Linux)
      return false
    #else
      return kill(pid, 0) == 0
    #endif
  }

  /// Starts `command` (a shell command line) in a detached session of the given size; the pane
  /// stays after the program exits so its exit status and last screen can be read.
  func start(_ command: String, width: Int, height: Int, name: String? = nil) {
    tmux([
      "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", name ?? session, command,
      ";", "set-option", "-t", name ?? session, "remain-on-exit", "on",
    ])
  }

  func capture(_ name: String? = nil) -> String {
    tmux(["capture-pane", "-p", "-t", name ?? session]).output
  }

  func send(_ keys: String..., name: String? = nil) {
    tmux(["send-keys", "-t", name ?? session] + keys)
  }

  func paneValue(_ format: String, name: String? = nil) -> String {
    tmux(["display-message", "-p", "-t", name ?? session, format]).output
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Polls capture-pane until `predicate` holds or `seconds` pass; returns the last capture.
  @discardableResult
  func waitFor(
    seconds: Double = 10, name: String? = nil, _ predicate: (String) -> Bool
  ) -> (ok: Bool, screen: String) {
    let deadline = Date().addingTimeInterval(seconds)
    var screen = capture(name)
    while !predicate(screen) {
      if Date() > deadline { return (false, screen) }
      Thread.sleep(forTimeInterval: 0.05)
      screen = capture(name)
    }
    return (true, screen)
  }

  func killServer() {
    tmux(["kill-server"])
  }
}
