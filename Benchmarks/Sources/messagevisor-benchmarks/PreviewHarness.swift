import Foundation
import Messagevisor
import Preview
import TerminalUI

/// Builds a previewer session on the demo exactly as `messagevisor-preview` does (its default modules, project
/// `terminal` target, bundled catalogs, ReRune client on the demo's local OTA site), with a private
/// cache directory and no background checks.
enum PreviewHarness {
  struct Prepared {
    var session: PreviewSession
    var state: PreviewState
  }

  static func prepare(root: URL, cacheDirectory: String, screen: PreviewScreen = "welcome")
    throws -> Prepared
  {
    var options = PreviewOptions()
    options.cacheDirectory = cacheDirectory
    options.interval = 0
    let paths = try DemoPaths.resolve(options, currentDirectory: root.path)
    let prepared = try PreviewLauncher.prepare(
      options: options, paths: paths, modules: PreviewLauncher.defaultModules())
    let session = PreviewSession(prepared.configuration, inbox: PreviewInbox())
    var state = PreviewState(otaSource: prepared.otaSummary)
    state.screen = screen
    return Prepared(session: session, state: state)
  }

  /// Median nanoseconds from a key press (`l`, the next locale: engine `setLocale`, `change`
  /// event, content resolved again) to the updated frame handed to `screen`.
  static func keyToFrame(loop: PreviewLoop, runs: Int) -> (wall: [Double], cpu: [Double]) {
    timed(runs: runs) {
      loop.dispatch(.key(.character("l")))
      loop.renderIfNeeded()
    }
  }

  /// Wall and thread-CPU nanoseconds of each run of `body`.
  static func timed(runs: Int, _ body: () -> Void) -> (wall: [Double], cpu: [Double]) {
    var wall: [Double] = []
    var cpu: [Double] = []
    for _ in 0..<max(1, runs) {
      let start = Harness.now()
      let startCPU = Harness.threadCPU()
      body()
      cpu.append(Double(Harness.threadCPU() - startCPU))
      wall.append(Double(Harness.now() - start))
    }
    return (wall, cpu)
  }

  /// Nanoseconds per full frame: the view built from the state and written completely
  /// (`invalidate` first, so nothing is skipped by the differ).
  static func fullFrames(
    screen: any Screen, state: PreviewState, size: TerminalSize, runs: Int,
    invalidate: () -> Void
  ) -> (wall: [Double], cpu: [Double]) {
    timed(runs: runs) {
      invalidate()
      screen.render(PreviewView.render(state, size: size))
    }
  }
}
