import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-S (XOFF) in the real previewer under tmux: with the terminal's `ixon` left on, the next
/// frame blocked in `write()` until Ctrl-Q and SIGTERM was never acted on.
@Suite(
  "messagevisor-preview under Ctrl-S (flow control) in tmux",
  .enabled(
    if: PreviewBinary.exists,
    "SKIPPED: .build/debug/messagevisor-preview is missing; run `swift build --product messagevisor-preview` first"
  ),
  .enabled(if: TmuxDriver.tmuxPath != nil, "SKIPPED: tmux is not installed"),
  .enabled(if: DemoFixture.demoExists, "SKIPPED: Demo/ is missing"),
  .serialized)
struct FlowControlTmuxTests {
  /// Starts the previewer (exec'd, so the pane's pid is the program's) and waits for its first
  /// frame in en-US.
  static func started(_ tmux: PreviewTmuxFixture) throws -> pid_t {
    tmux.start(PreviewEndToEndTmuxTests.arguments(tmux), width: 100, height: 30)
    let step = tmux.waitFor { $0.contains("Open story") && $0.contains("en-US ltr") }
    #expect(step.ok, "did not start:\n\(step.screen)")
    return try #require(pid_t(tmux.paneValue("#{pane_pid}")))
  }

  @Test func afterCtrlSTheScreenStillRedrawsOnAKey() throws {
    let tmux = try PreviewTmuxFixture("xoff-redraw")
    defer { tmux.stop() }
    _ = try Self.started(tmux)
    tmux.send("C-s")
    tmux.send("l")  // en-US → en-GB: a new frame must reach the terminal
    let step = tmux.waitFor(seconds: 5) { $0.contains("en-GB ltr") }
    #expect(
      step.ok, "the frame after Ctrl-S never arrived (output stopped by XOFF):\n\(step.screen)")
    tmux.send("q")
  }

  @Test func sigtermAfterCtrlSEndsTheProcessWithinOneSecond() throws {
    let tmux = try PreviewTmuxFixture("xoff-term")
    defer { tmux.stop() }
    let pid = try Self.started(tmux)
    tmux.send("C-s")
    tmux.send("l")  // a frame to write while output would be stopped
    Thread.sleep(forTimeInterval: 0.3)
    #expect(kill(pid, SIGTERM) == 0)
    let deadline = Date().addingTimeInterval(1.0)
    while TmuxDriver.isRunning(pid) && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    #expect(!TmuxDriver.isRunning(pid), "process \(pid) still running 1 s after SIGTERM")
    let status = tmux.waitFor(seconds: 2) { _ in tmux.paneValue("#{pane_dead}") == "1" }
    #expect(status.ok)
    #expect(tmux.paneValue("#{pane_dead_status}") == "143")
  }
}
