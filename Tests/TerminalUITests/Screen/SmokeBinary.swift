import Foundation
import TestSupport

/// The `terminalui-smoke` executable (a tiny program on `NcursesScreen`) built next to the test
/// bundle, and the tmux sessions the tests run it in.
enum SmokeBinary {
  /// The executable's path, if it was built.
  static let path: String? = {
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

  /// tmux can't start a session.
  struct TmuxFailed: Error {
    var output: String
  }

  /// A private tmux server running `command` (a shell command line) in a `width`×`height` session
  /// with `TERM=xterm-256color`, `LANG=C.UTF-8` and no `NO_COLOR`; the pane closes when the
  /// program ends. Stop it with `stop()`.
  static func session(width: Int, height: Int, command: String) throws -> TmuxDriver {
    let tmux = TmuxDriver(prefix: "terminalui-test", session: "smoke")
    let started = tmux.start(
      "env -u NO_COLOR TERM=xterm-256color LANG=C.UTF-8 \(command)", width: width, height: height,
      remainOnExit: false)
    guard started.status == 0 else { throw TmuxFailed(output: started.output) }
    return tmux
  }
}

extension TmuxRequirement {
  /// `terminalui-smoke` is built (`swift build`).
  static let smokeBinary = TmuxRequirement(
    missing: "needs the terminalui-smoke executable (swift build)"
  ) { SmokeBinary.path != nil }
}
