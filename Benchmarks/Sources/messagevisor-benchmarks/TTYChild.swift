import Foundation
import Preview
import TerminalUI

/// Runs inside tmux (`messagevisor-benchmarks --tty-child OUT --root DIR --runs N`): the previewer
/// on a real ncurses screen of the pane's size. Measures full-frame redraws and key-to-frame
/// latency including ncurses output to the pty, writes `name<TAB>ns…` lines to OUT.
enum TTYChild {
  static func run(_ arguments: [String]) -> Int32 {
    var output: String?
    var root: URL?
    var runs = 50
    var index = 0
    while index < arguments.count {
      let next = index + 1 < arguments.count ? arguments[index + 1] : ""
      switch arguments[index] {
      case "--tty-child": output = next
      case "--root": root = URL(fileURLWithPath: next)
      case "--runs": runs = max(1, min(10_000, Int(next) ?? runs))
      default: break
      }
      index += 2
    }
    guard let output, let root else { return 64 }
    var lines: [String] = []
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mv-bench-tty-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    do {
      let prepared = try PreviewHarness.prepare(
        root: root, cacheDirectory: cache.path, screen: "story")
      let screen = try NcursesScreen()
      defer { screen.restore() }
      let loop = PreviewLoop(
        screen: screen, session: prepared.session, state: prepared.state, interval: 0)
      loop.start()
      let size = screen.size
      let frames = PreviewHarness.fullFrames(
        screen: screen, state: loop.state, size: size, runs: runs, invalidate: screen.invalidate)
      lines.append("size\t\(size.width)x\(size.height)")
      lines.append("fullFrame\t" + frames.wall.map { String($0) }.joined(separator: "\t"))
      lines.append("fullFrameCPU\t" + frames.cpu.map { String($0) }.joined(separator: "\t"))
      let keys = PreviewHarness.keyToFrame(loop: loop, runs: runs)
      lines.append("keyToFrame\t" + keys.wall.map { String($0) }.joined(separator: "\t"))
      lines.append("keyToFrameCPU\t" + keys.cpu.map { String($0) }.joined(separator: "\t"))
      prepared.session.stop()
    } catch {
      lines.append("error\t\(error)")
    }
    let text = lines.joined(separator: "\n") + "\n"
    do {
      try text.write(toFile: output + ".tmp", atomically: false, encoding: .utf8)
      try FileManager.default.moveItem(atPath: output + ".tmp", toPath: output)
    } catch {
      return 1
    }
    return 0
  }
}
