import Foundation

/// A tmux server on a private socket (`tmux -L <name>`), killed by ``stop()``.
final class Tmux {
  let socket: String
  private var started = false

  init() {
    socket = "mv-bench-\(getpid())"
  }

  static var available: Bool {
    (try? Processes.tool("tmux", ["-V"]))?.status == 0
  }

  @discardableResult
  func command(_ arguments: [String], timeout: Double = 10) throws -> Processes.Result {
    try Processes.tool("tmux", ["-L", socket] + arguments, timeout: timeout)
  }

  /// Starts the server with a `keeper` session (`sleep`), so the server does not exit (and
  /// restart inside a measurement) whenever the measured sessions end.
  func start() throws {
    try newSession("keeper", width: 40, height: 5, "sleep 3600")
  }

  /// Starts a detached session running `shellCommand` in a pane of `width`×`height`.
  func newSession(_ name: String, width: Int, height: Int, _ shellCommand: String) throws {
    started = true
    let result = try command([
      "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", shellCommand,
    ])
    guard result.status == 0 else {
      throw BenchmarkFailure(text: "tmux new-session failed: \(result.output)")
    }
  }

  func capture(_ name: String) -> String {
    (try? command(["capture-pane", "-p", "-t", name]))?.output ?? ""
  }

  func panePID(_ name: String) -> Int32? {
    guard let text = try? command(["display-message", "-p", "-t", name, "#{pane_pid}"]).output
    else { return nil }
    return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  func kill(_ name: String) {
    _ = try? command(["kill-session", "-t", name])
  }

  /// Polls `capture-pane` every `interval` seconds until `text` appears; returns false after
  /// `timeout` seconds. Polling back to back would compete for the CPU with the program starting
  /// up (each poll is a tmux client process), so polls are spaced.
  func waitFor(_ text: String, in name: String, timeout: Double, interval: Double = 0.005) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if capture(name).contains(text) { return true }
      usleep(useconds_t(interval * 1_000_000))
    }
    return false
  }

  func stop() {
    if started {
      _ = try? command(["kill-server"])
      // kill-server can leave the socket file behind.
      let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
      unlink("\(directory)/tmux-\(getuid())/\(socket)")
    }
    started = false
  }

  deinit { stop() }
}

/// Shell quoting for tmux command strings.
func shellQuote(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
