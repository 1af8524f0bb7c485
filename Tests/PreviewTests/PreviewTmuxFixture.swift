import Foundation
import TestSupport

/// What the tmux suites of the real `messagevisor-preview` share: a temporary directory with
/// private copies of the demo's parts (the OTA site the tests publish into, the project they
/// edit) and an empty cache, and a `TmuxDriver` on a private socket that starts the binary in
/// a shell command line, captures and polls its panes (every wait bounded by a deadline).
///
/// Call ``stop()`` when done (`defer`): it kills the tmux server and removes the directory.
final class PreviewTmuxFixture {
  /// The temporary directory holding the copies, the cache and the exit-status file.
  let root: String
  /// The tmux server on a private socket.
  let tmux = TmuxDriver()

  /// The private copy of `Demo/ota` (when copied).
  var site: String { root + "/ota" }
  /// The private copy of `Demo/project` (when copied).
  var project: String { root + "/project" }
  /// An OTA cache directory nobody else uses.
  var cache: String { root + "/cache" }
  /// Where a command started with `recordStatus` writes the program's exit status.
  var statusFile: String { root + "/exit-status" }

  /// A new temporary directory named after `name` with private copies of the demo's `parts`
  /// (subdirectories of `Demo/`, e.g. `ota`, `project`) in it.
  init(_ name: String, copying parts: [String] = ["ota"]) throws {
    root = DemoFixture.temporaryDirectory(name)
    let demo = DemoFixture.packageRoot.appendingPathComponent("Demo").path
    for part in parts {
      try FileManager.default.copyItem(atPath: demo + "/" + part, toPath: root + "/" + part)
    }
  }

  /// Adopts a directory a test wrote (e.g. a `TinyProject`); ``stop()`` removes it.
  init(adopting root: String) {
    self.root = root
  }

  /// The shell command line that runs the previewer with `arguments` from `directory` (default:
  /// the package root, so the editable `Demo/` is found), with `LANG=C.UTF-8`. With
  /// `recordStatus` the shell writes the exit status to ``statusFile`` after the program ends;
  /// otherwise the program replaces the shell (`exec`).
  func command(_ arguments: [String], in directory: String? = nil, recordStatus: Bool = false)
    -> String
  {
    let program = ([PreviewBinary.path] + arguments).map(Self.quoted).joined(separator: " ")
    let cd = "cd \(Self.quoted(directory ?? DemoFixture.packageRoot.path)) && "
    if recordStatus {
      return cd + "LANG=C.UTF-8 \(program); echo $? > \(Self.quoted(statusFile))"
    }
    return cd + "LANG=C.UTF-8 exec \(program)"
  }

  /// Starts the previewer with `arguments` in a tmux session of `width`×`height` (`name`: a
  /// second session beside the default one).
  func start(
    _ arguments: [String], width: Int, height: Int, in directory: String? = nil,
    recordStatus: Bool = false, name: String? = nil
  ) {
    tmux.start(
      command(arguments, in: directory, recordStatus: recordStatus), width: width, height: height,
      name: name)
  }

  /// Polls the pane until `predicate` holds or `seconds` pass; returns the last capture.
  @discardableResult
  func waitFor(seconds: Double = 10, name: String? = nil, _ predicate: (String) -> Bool)
    -> (ok: Bool, screen: String)
  {
    tmux.waitFor(seconds: seconds, name: name, predicate)
  }

  /// Sends keys to the pane (tmux key names such as `Enter`, `Escape`).
  func send(_ keys: String..., name: String? = nil) {
    control(["send-keys", "-t", name ?? session] + keys)
  }

  /// The pane's text now.
  func capture(_ name: String? = nil) -> String { tmux.capture(name) }

  /// A tmux format value of the pane (e.g. `#{pane_pid}`).
  func paneValue(_ format: String, name: String? = nil) -> String {
    tmux.paneValue(format, name: name)
  }

  /// The default session's name.
  var session: String { tmux.session }

  /// Runs any other tmux command on the private server.
  @discardableResult
  func control(_ arguments: [String]) -> (status: Int32, output: String) {
    tmux.command(arguments)
  }

  /// Kills the tmux server and removes the temporary directory.
  func stop() {
    tmux.stop()
    try? FileManager.default.removeItem(atPath: root)
  }

  /// `text` in single quotes for the shell.
  static func quoted(_ text: String) -> String {
    ChildProcess.shellQuoted(text)
  }
}
