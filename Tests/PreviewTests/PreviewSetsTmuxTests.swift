import Foundation
import TestSupport
import Testing

/// A project with three sets, as a user sees it: the real previewer in tmux (private socket)
/// opens the first set and says so, shows the set in the header, follows edits of the shown set
/// without a key press, and switches sets from the `S` picker (and then follows the new set).
@Suite(
  "messagevisor-preview with sets in tmux", .tmuxEndToEnd(needs: .previewBinary))
struct PreviewSetsTmuxTests {
  @Test func aSetsProjectPreviewsWithLiveReloadAndSetSwitching() throws {
    let root = try SetsProject.write("sets-tmux")
    let tmux = PreviewTmuxFixture(adopting: root)
    defer { tmux.stop() }
    tmux.start(
      ["--project", root, "--locale", "en-US", "--time-zone", "UTC", "--cache-dir", tmux.cache],
      width: 100, height: 30, in: root)
    var step = tmux.waitFor(seconds: 20) {
      $0.contains("Dev title") && $0.contains("set dev · en-US")
    }
    #expect(step.ok, "the first set did not open:\n\(step.screen)")
    #expect(step.screen.contains("this project uses sets: showing set dev"), "\(step.screen)")

    // An edit of the shown set appears without a key press.
    try SetsProject.put(root, "sets/dev/messages/app/title.yml", SetsProject.message("Dev edited"))
    step = tmux.waitFor(seconds: 15) { $0.contains("Dev edited") }
    #expect(step.ok, "the edit never appeared:\n\(step.screen)")
    #expect(!step.screen.contains("uses sets; pass"), "\(step.screen)")

    // S lists the sets; the last one (staging) is chosen.
    tmux.send("S")
    step = tmux.waitFor { $0.contains("Set 1/3") && $0.contains("staging") }
    #expect(step.ok, "no set picker:\n\(step.screen)")
    tmux.send("G")
    tmux.send("Enter")
    step = tmux.waitFor(seconds: 15) {
      $0.contains("Staging title") && $0.contains("set staging · en-US")
    }
    #expect(step.ok, "the set did not switch:\n\(step.screen)")
    #expect(step.screen.contains("Body of staging"))

    // Live editing now follows staging; dev's files no longer matter.
    try SetsProject.put(
      root, "sets/staging/messages/app/title.yml", SetsProject.message("Staging edited"))
    step = tmux.waitFor(seconds: 15) { $0.contains("Staging edited") }
    #expect(step.ok, "the staging edit never appeared:\n\(step.screen)")
    try SetsProject.put(root, "sets/dev/messages/app/title.yml", SetsProject.message("Dev again"))
    // A staging edit after the dev one proves the dev edit was seen and ignored.
    try SetsProject.put(
      root, "sets/staging/messages/app/body.yml", SetsProject.message("Staging body"))
    step = tmux.waitFor(seconds: 15) { $0.contains("Staging body") }
    #expect(step.ok, "the second staging edit never appeared:\n\(step.screen)")
    #expect(!step.screen.contains("Dev again") && step.screen.contains("Staging edited"))
    tmux.send("q")
  }
}
