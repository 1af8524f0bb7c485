import Foundation
import Testing

/// Live editing, as a translator does it: the real previewer runs in tmux on a private copy of
/// the demo project; editing a translation in `messages/*.yml` changes the frame without a key
/// press, a broken file shows its error (file:line:column) while the last good text stays.
@Suite(
  "messagevisor-preview live editing in tmux",
  .enabled(
    if: PreviewBinary.exists,
    "SKIPPED: .build/debug/messagevisor-preview is missing; run `swift build --product messagevisor-preview` first"
  ),
  .enabled(if: TmuxDriver.tmuxPath != nil, "SKIPPED: tmux is not installed"),
  .enabled(if: DemoFixture.demoExists, "SKIPPED: Demo/ is missing"),
  .serialized)
struct PreviewLiveEditTmuxTests {
  @Test func editingAMessageFileChangesTheRunningFrame() throws {
    let root = DemoFixture.temporaryDirectory("live")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let demo = DemoFixture.packageRoot.appendingPathComponent("Demo").path
    try FileManager.default.copyItem(atPath: demo + "/project", toPath: root + "/project")
    try FileManager.default.copyItem(atPath: demo + "/ota", toPath: root + "/ota")
    let messages = root + "/project/messages/"
    let tmux = TmuxDriver()
    defer { tmux.killServer() }
    tmux.start(
      "cd '\(DemoFixture.packageRoot.path)' && LANG=C.UTF-8 exec '\(PreviewBinary.path)'"
        + " --project '\(root)/project' --ota-site '\(root)/ota' --cache-dir '\(root)/cache'"
        + " --interval 0 --locale en-US --time-zone UTC",
      width: 100, height: 30)
    var step = tmux.waitFor { $0.contains("3 new stories") && $0.contains("3rd visit") }
    #expect(step.ok, "did not start:\n\(step.screen)")

    // An edit (written in place, as most editors do) shows up without a key press.
    let stories = messages + "welcome_new_stories.yml"
    let original = try String(contentsOfFile: stories, encoding: .utf8)
    let edited = original.replacingOccurrences(
      of: "other {# new stories}", with: "other {# fresh tales}")
    #expect(edited != original, "the fixture's en-US text moved; update the test")
    try edited.write(toFile: stories, atomically: false, encoding: .utf8)
    step = tmux.waitFor(seconds: 15) { $0.contains("3 fresh tales") }
    #expect(step.ok, "the edit never appeared:\n\(step.screen)")

    // Screens are project files too: an example value edited in previews/welcome.yml shows.
    let screen = root + "/project/previews/welcome.yml"
    let layout = try String(contentsOfFile: screen, encoding: .utf8)
    let recounted = layout.replacingOccurrences(
      of:
        "paragraph: welcome_new_stories\n    style: primary\n    optional: true\n    values:\n      count: 3",
      with:
        "paragraph: welcome_new_stories\n    style: primary\n    optional: true\n    values:\n      count: 5"
    )
    #expect(recounted != layout, "the fixture's welcome screen moved; update the test")
    try recounted.write(toFile: screen, atomically: false, encoding: .utf8)
    step = tmux.waitFor(seconds: 15) { $0.contains("5 fresh tales") }
    #expect(step.ok, "the screen edit never appeared:\n\(step.screen)")
    try layout.write(toFile: screen, atomically: false, encoding: .utf8)
    step = tmux.waitFor(seconds: 15) { $0.contains("3 fresh tales") }
    #expect(step.ok)

    // A broken file: its error is shown with file:line:column; the last good content stays.
    let visit = messages + "welcome_visit_ordinal.yml"
    let good = try String(contentsOfFile: visit, encoding: .utf8)
    try "translations:\n  en-US: [broken\n".write(
      toFile: visit, atomically: false, encoding: .utf8)
    step = tmux.waitFor(seconds: 15) {
      $0.contains("project_error") && $0.contains("welcome_visit_ordinal.yml:3:1")
    }
    #expect(step.ok, "no project error on screen:\n\(step.screen)")
    #expect(step.screen.contains("3 fresh tales") && step.screen.contains("3rd visit"))

    // Fixed (renamed into place, as vim and atomic writers do): the new text appears.
    try good.replacingOccurrences(of: "visit\"", with: "tour\"").write(
      toFile: visit, atomically: true, encoding: .utf8)
    step = tmux.waitFor(seconds: 15) { $0.contains("3rd tour") }
    #expect(step.ok, "the fixed file never appeared:\n\(step.screen)")
    #expect(step.screen.contains("3 fresh tales"))

    // The whole project directory disappears: the previewer keeps running with what it showed.
    try FileManager.default.moveItem(atPath: root + "/project", toPath: root + "/moved")
    step = tmux.waitFor(seconds: 15) { $0.contains("project directory is gone") }
    #expect(step.ok, "no notice for the vanished directory:\n\(step.screen)")
    #expect(step.screen.contains("3rd tour"))
    // …and when it comes back, edits show again.
    try FileManager.default.moveItem(atPath: root + "/moved", toPath: root + "/project")
    let back = try String(contentsOfFile: stories, encoding: .utf8)
    try back.replacingOccurrences(of: "fresh tales", with: "returning tales").write(
      toFile: stories, atomically: false, encoding: .utf8)
    step = tmux.waitFor(seconds: 15) { $0.contains("3 returning tales") }
    #expect(step.ok, "edits after the directory came back never appeared:\n\(step.screen)")
    tmux.send("q")
  }
}
