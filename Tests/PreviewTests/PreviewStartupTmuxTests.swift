import Foundation
import TestSupport
import Testing

/// Start-up as a user meets it: a project that does not build when the real previewer starts
/// (in tmux, private socket) opens anyway, shows the error in the diagnostics panel and a notice,
/// and renders its screen once the file is fixed, without a restart or a key press.
@Suite(
  "messagevisor-preview start-up with a broken project in tmux",
  .tmuxEndToEnd(needs: .previewBinary))
struct PreviewStartupTmuxTests {
  @Test func aProjectThatDoesNotBuildAtStartWaitsForTheFixAndThenRenders() throws {
    let root = try SetsProject.write("broken-start-tmux")
    let tmux = PreviewTmuxFixture(adopting: root)
    defer { tmux.stop() }
    let title = "sets/production/messages/app/title.yml"
    try SetsProject.put(root, title, "translations:\n  en-US: [broken\n")
    tmux.start(
      [
        "--project", root, "--set", "production", "--locale", "en-US", "--time-zone", "UTC",
        "--cache-dir", tmux.cache,
      ], width: 100, height: 30, in: root)
    var step = tmux.waitFor(seconds: 20) { $0.contains("waiting for a fix") }
    #expect(step.ok, "the previewer did not open on the broken project:\n\(step.screen)")
    tmux.send("d")
    step = tmux.waitFor { $0.contains("project_error") && $0.contains("title.yml:2:10") }
    #expect(step.ok, "no project error in the diagnostics panel:\n\(step.screen)")
    tmux.send("Escape")

    try SetsProject.put(root, title, SetsProject.message("Production fixed"))
    step = tmux.waitFor(seconds: 15) {
      $0.contains("Production fixed") && $0.contains("Body of production")
    }
    #expect(step.ok, "the fixed project never rendered:\n\(step.screen)")
    #expect(step.screen.contains("─ Home ─"), "\(step.screen)")
    #expect(!step.screen.contains("waiting for a fix"), "\(step.screen)")
    tmux.send("q")
  }
}
