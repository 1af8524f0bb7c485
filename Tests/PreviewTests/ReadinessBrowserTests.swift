import Foundation
import Messagevisor
import MessagevisorProject
import TerminalUI
import Testing

@testable import Preview

/// The active locale's readiness in the message browser: what blocks it in the list's title, and
/// the `blocking` filter (missing, stale, unreviewed), as `readiness` gates a release.
@Suite("Message browser: readiness of the active locale")
struct ReadinessBrowserTests {
  typealias F = MessageBrowserFixtures
  typealias V = MessageBrowserViewTests

  /// The fixture index with `home.legacy` stale, `news.ota` unreviewed and `cart.count` reviewed
  /// in nl-NL (`only.english` is missing there).
  static func index() -> MessageIndex { MessageIndex.build(F.reviewedSource()) }

  @Test(arguments: [(80, 24), (120, 30)])
  func titleCountsWhatBlocksTheLocaleAndTheBlockingFilterListsIt(width: Int, height: Int) {
    let index = Self.index()
    var state = V.browsing(width: width, height: height, index: index)
    var frame = PreviewView.render(state)
    #expect(
      frame.plainText.contains(
        "Messages 1/\(index.entries.count) · nl-NL: 1 missing · 1 stale · 1 unreviewed"),
      "\(frame.plainText)")
    while state.browser.filter != .blocking { _ = V.press([.character("f")], &state) }
    frame = PreviewView.render(state)
    #expect(frame.plainText.contains("Messages 1/3 of \(index.entries.count) · blocking · nl-NL:"))
    let blocking = ["home.legacy", "news.ota", "only.english"]
    #expect(state.browser.visible.map { index.entries[$0].key } == blocking)
    #expect(Array(V.listedKeys(frame, index).prefix(3)) == blocking, "the list shows them in order")
  }

  @Test func aLocaleWithNothingBlockingSaysReady() {
    let index = MessageIndex.build(F.source(locale: "en-US"))
    let frame = PreviewView.render(V.browsing(width: 120, height: 30, index: index))
    #expect(frame.plainText.contains("· en-US ready"), "\(frame.plainText)")
  }

  @Test(
    .enabled(
      if: PreviewBinary.exists
        && FileManager.default.isExecutableFile(atPath: FixturePathsForPreview.cli),
      "SKIPPED: build messagevisor-preview and messagevisor-swift first"),
    .enabled(if: DemoFixture.demoExists), arguments: [(80, 24), (120, 30)])
  func printedBrowserOfTheDemoShowsDutchReadiness(width: Int, height: Int) throws {
    let root = DemoFixture.temporaryDirectory("readiness-print")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let project = root + "/project"
    try FileManager.default.copyItem(
      atPath: DemoFixture.packageRoot.appendingPathComponent("Demo/project").path,
      toPath: project)
    // Review every Dutch translation but one, and make that one stale.
    let review = Spawn.run(
      [
        FixturePathsForPreview.cli, "review", "--projectDirectoryPath", project, "--locale",
        "nl-NL", "--status", "reviewed", "--output", root + "/review.json",
      ], directory: root)
    #expect(review.status == 0, "\(review.error)")
    let apply = Spawn.run(
      [
        FixturePathsForPreview.cli, "review", "--projectDirectoryPath", project, "--apply",
        "--input", root + "/review.json",
      ], directory: root)
    #expect(apply.status == 0, "\(apply.error)")
    let file = project + "/messages/welcome_title.yml"
    let yaml = try String(contentsOfFile: file, encoding: .utf8)
    let english = try #require(
      yaml.split(separator: "\n").first { $0.hasPrefix("  en-US: ") })
    try yaml.replacingOccurrences(of: String(english), with: "  en-US: \"Welcome, changed\"")
      .write(toFile: file, atomically: true, encoding: .utf8)
    let result = Spawn.run(
      [
        "/usr/bin/env", "XDG_CACHE_HOME=\(root)/cache", PreviewBinary.path, "--print", "--project",
        project, "--screen", "messages", "--locale", "nl-NL", "--width", "\(width)",
        "--height", "\(height)",
      ], directory: root)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("· nl-NL: 1 stale"), "\(result.output)")
  }
}

/// The `messagevisor-swift` binary next to the previewer.
enum FixturePathsForPreview {
  static var cli: String {
    DemoFixture.packageRoot.appendingPathComponent(".build/debug/messagevisor-swift").path
  }
}
