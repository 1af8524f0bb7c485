import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Drives programs in tmux like a person would, on a private server (`tmux -L <unique socket>
/// -f /dev/null`) so that tests and benchmarks never touch another tmux server or a user's
/// configuration. Every tmux command and every wait is bounded in time and in count; ``stop()``
/// (also run when the driver goes away) kills the server and removes its socket.
public final class TmuxDriver {
  /// The private socket's name (`tmux -L`).
  public let socket: String
  /// The default session's name, used when a method is given no `name`.
  public let session: String

  /// The tmux binary, if installed.
  public static let tmuxPath: String? = [
    "/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux", "/opt/homebrew/bin/tmux",
  ].first { FileManager.default.isExecutableFile(atPath: $0) }

  /// Whether tmux is installed.
  public static var isAvailable: Bool { tmuxPath != nil }

  /// A driver whose socket is named `<prefix>-<pid>-<random>`; no server runs until a session
  /// starts.
  public init(prefix: String = "mvtest", session: String = "main") {
    socket = "\(prefix)-\(getpid())-\(UUID().uuidString.prefix(8))"
    self.session = session
  }

  deinit { stop() }

  /// Where tmux keeps the private server's socket.
  public var socketPath: String {
    let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
    return "\(directory)/tmux-\(getuid())/\(socket)"
  }

  /// Runs tmux with `arguments` on the private server (at most `timeout` seconds) and returns its
  /// exit status and standard output (status 127 when tmux is missing or cannot start).
  @discardableResult
  public func command(_ arguments: [String], timeout: Double = 10) -> (
    status: Int32, output: String
  ) {
    guard let path = Self.tmuxPath else { return (127, "") }
    guard
      let result = try? ChildProcess.capture(
        [path, "-L", socket, "-f", "/dev/null"] + arguments, timeout: timeout)
    else { return (127, "") }
    return (result.status, result.standardOutput)
  }

  /// Starts `shellCommand` in a detached session `name` (default ``session``) of `width`×`height`.
  /// With `remainOnExit` the pane stays after the program exits, so its exit status and last
  /// screen can be read: the session starts with a placeholder, the option is set, and the pane
  /// is respawned with `shellCommand`, so that even a program that ends at once keeps its pane.
  /// Returns tmux's status and output (0 when the session started).
  @discardableResult
  public func start(
    _ shellCommand: String, width: Int, height: Int, name: String? = nil,
    remainOnExit: Bool = true
  ) -> (status: Int32, output: String) {
    let target = name ?? session
    let newSession = ["new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", target]
    guard remainOnExit else { return command(newSession + [shellCommand]) }
    return command(
      newSession + [
        "sleep 86400", ";", "set-option", "-w", "-t", target, "remain-on-exit", "on", ";",
        "respawn-pane", "-k", "-t", target, shellCommand,
      ])
  }

  /// The pane's text now (`escapes`: with its colours and attributes as escape sequences).
  public func capture(_ name: String? = nil, escapes: Bool = false) -> String {
    command(["capture-pane", "-p"] + (escapes ? ["-e"] : []) + ["-t", name ?? session]).output
  }

  /// Sends keys to the pane (tmux key names such as `Enter`, `Escape`, `C-c`).
  public func send(_ keys: String..., name: String? = nil) {
    command(["send-keys", "-t", name ?? session] + keys)
  }

  /// A tmux format's value for the pane (e.g. `#{pane_pid}`), trimmed.
  public func paneValue(_ format: String, name: String? = nil) -> String {
    command(["display-message", "-p", "-t", name ?? session, format]).output
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The process id of the program in the pane.
  public func panePID(_ name: String? = nil) -> pid_t? {
    pid_t(paneValue("#{pane_pid}", name: name))
  }

  /// Ends session `name` (its programs get a hangup); the server keeps running.
  public func kill(session name: String) {
    command(["kill-session", "-t", name])
  }

  /// Captures the pane every `interval` seconds until `predicate` holds or `seconds` pass;
  /// returns whether it held and the last capture. Each capture is a tmux client process, so
  /// back-to-back polls would compete for the CPU with the program under test.
  @discardableResult
  public func waitFor(
    seconds: Double = 10, interval: Double = 0.05, name: String? = nil,
    _ predicate: (String) -> Bool
  ) -> (ok: Bool, screen: String) {
    var screen = ""
    let ok = Polling.until(seconds: seconds, interval: interval) {
      screen = capture(name)
      return predicate(screen)
    }
    return (ok, screen)
  }

  /// Waits until the pane shows `text` (see ``waitFor(seconds:interval:name:_:)``).
  @discardableResult
  public func waitFor(
    _ text: String, seconds: Double = 10, interval: Double = 0.05, name: String? = nil
  ) -> Bool {
    waitFor(seconds: seconds, interval: interval, name: name) { $0.contains(text) }.ok
  }

  /// Kills the server (and every program in it) and removes the socket file; does nothing when no
  /// server was started.
  public func stop() {
    guard FileManager.default.fileExists(atPath: socketPath) else { return }
    command(["kill-server"])
    // kill-server can leave the socket file behind.
    unlink(socketPath)
  }
}
