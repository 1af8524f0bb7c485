import Foundation
import TestSupport
import Testing

/// Issue 19, item 7: `messagevisor-swift test` and `ota check` show progress on a terminal and
/// never in a pipe or with `--json`. The one-second delay is set to 0
/// (`MESSAGEVISOR_PROGRESS_DELAY`), so the tests do not depend on how long the work takes (the
/// delay itself is unit-tested with a fake clock in ProgressReporterTests).
@Suite("messagevisor-swift test / ota check: progress only on a terminal", .serialized)
struct CLIProgressTmuxTests {
  static let binary = DemoFixture.packageRoot.appendingPathComponent(
    ".build/debug/messagevisor-swift"
  ).path

  static let demo = DemoFixture.packageRoot.appendingPathComponent("Demo").path

  /// The command (after the binary) and the label its progress line starts with.
  static let cases: [([String], String)] = [
    (["test", "--projectDirectoryPath=\(demo)/project"], "test: specs"),
    (["ota", "check", "--site", "\(demo)/ota", "--no-cache"], "ota check: "),
  ]

  @Test(arguments: cases)
  func noProgressInAPipeOrWithJSON(arguments: [String], label: String) throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.binary),
      "build messagevisor-swift first (swift build --product messagevisor-swift)")
    for extra in [[], ["--json"]] {
      let piped = Spawn.run(
        ["/usr/bin/env", "MESSAGEVISOR_PROGRESS_DELAY=0", Self.binary] + arguments + extra)
      #expect(piped.status == 0, "\(arguments + extra): \(piped.error.suffix(500))")
      #expect(!piped.error.contains(label) && !piped.error.contains("\u{1B}"), "\(piped.error)")
    }
  }

  @Test(
    .tmuxEndToEnd(),
    arguments: cases)
  func progressOnATerminalIsErased(arguments: [String], label: String) throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.binary),
      "build messagevisor-swift first (swift build --product messagevisor-swift)")
    let dir = DemoFixture.temporaryDirectory("cli-progress")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let tmux = TmuxDriver()
    defer { tmux.stop() }
    let words = arguments.map { "'\($0)'" }.joined(separator: " ")
    let run = tmux.recordWithAndWithoutJSON(
      "cd '\(DemoFixture.packageRoot.path)' && MESSAGEVISOR_PROGRESS_DELAY=0 '\(Self.binary)' \(words)",
      redirectingPlainOutput: "> '\(dir)/stdout'", log: dir + "/pane.log", seconds: 120)
    #expect(run.recording.finished, "\(arguments) did not finish:\n\(run.recording.screen)")
    #expect(run.succeeded, "\(run.recording.screen)")
    #expect(
      run.plain.contains("\r\u{1B}[K" + label), "no progress on the terminal:\n\(run.plain)")
    // Erased before the command's own output ends: the last screen has no progress line.
    #expect(!run.recording.screen.contains(label))
    #expect(!run.json.contains(label), "progress with --json")
  }
}
