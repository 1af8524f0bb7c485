import Foundation
import TestSupport
import Testing

/// Live editing, as a translator does it: the real previewer runs in tmux on a private copy of
/// the demo project; editing a translation in `messages/*.yml` changes the frame without a key
/// press, a broken file shows its error (file:line:column) while the last good text stays.
@Suite(
  "messagevisor-preview live editing in tmux", .tmuxEndToEnd(needs: .previewBinary, .demo))
struct PreviewLiveEditTmuxTests {
  /// The previewer on the fixture's private project and OTA site, in en-US, no periodic check.
  static func arguments(_ tmux: PreviewTmuxFixture, cache: String? = nil) -> [String] {
    [
      "--project", tmux.project, "--ota-site", tmux.site, "--cache-dir", cache ?? tmux.cache,
      "--interval", "0", "--locale", "en-US", "--time-zone", "UTC",
    ]
  }

  @Test func editingAMessageFileChangesTheRunningFrame() throws {
    let tmux = try PreviewTmuxFixture("live", copying: ["project", "ota"])
    defer { tmux.stop() }
    let root = tmux.root
    let messages = tmux.project + "/messages/"
    tmux.start(Self.arguments(tmux), width: 100, height: 30)
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
      // At the unclosed `[` (2:10), not at the end of the file (3:1).
      $0.contains("project_error") && $0.contains("welcome_visit_ordinal.yml:2:10")
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

  /// `--no-watch`: the same edit, with a watching previewer beside it as the witness that the
  /// edit was picked up. Once the witness shows it, the other one is polled for as long again
  /// (bounded) and must still show the old text, also after a key press that resolves its content
  /// again (a locale round trip).
  @Test func noWatchKeepsTheFrameAfterAnEdit() throws {
    let tmux = try PreviewTmuxFixture("no-watch", copying: ["project", "ota"])
    defer { tmux.stop() }
    tmux.start(Self.arguments(tmux), width: 100, height: 30)
    tmux.start(
      Self.arguments(tmux, cache: tmux.root + "/cache-no-watch") + ["--no-watch"], width: 100,
      height: 30, name: "fixed")
    for name in [tmux.session, "fixed"] {
      let step = tmux.waitFor(name: name) { $0.contains("3 new stories") }
      #expect(step.ok, "\(name) did not start:\n\(step.screen)")
    }
    let stories = tmux.project + "/messages/welcome_new_stories.yml"
    let original = try String(contentsOfFile: stories, encoding: .utf8)
    let edited = original.replacingOccurrences(
      of: "other {# new stories}", with: "other {# fresh tales}")
    #expect(edited != original, "the fixture's en-US text moved; update the test")
    let started = Date()
    try edited.write(toFile: stories, atomically: false, encoding: .utf8)
    let witness = tmux.waitFor(seconds: 15) { $0.contains("3 fresh tales") }
    try #require(witness.ok, "the watching previewer never showed the edit:\n\(witness.screen)")
    let waited = max(Date().timeIntervalSince(started), 1)
    let fixed = tmux.waitFor(seconds: waited, name: "fixed") { $0.contains("fresh tales") }
    #expect(!fixed.ok, "--no-watch reloaded the edit:\n\(fixed.screen)")
    #expect(fixed.screen.contains("3 new stories"))
    // A locale round trip (l to the next locale, L picker back to en-US) resolves the content
    // again from the engine: still the datafiles it started with.
    tmux.send("l", name: "fixed")
    var step = tmux.waitFor(name: "fixed") { !$0.contains("en-US ltr") }
    #expect(step.ok, "l did not switch the locale:\n\(step.screen)")
    tmux.send("L", name: "fixed")
    step = tmux.waitFor(name: "fixed") { $0.contains("▶ ") }
    tmux.send("g", name: "fixed")
    tmux.send("Enter", name: "fixed")
    step = tmux.waitFor(name: "fixed") { $0.contains("en-US ltr") && $0.contains("stories") }
    #expect(step.ok, "did not come back to en-US:\n\(step.screen)")
    #expect(step.screen.contains("3 new stories") && !step.screen.contains("fresh tales"))
    tmux.send("q", name: "fixed")
    tmux.send("q")
  }
}
