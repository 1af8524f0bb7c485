import Foundation
import Messagevisor
import MessagevisorProject
import TerminalUI
import Testing

@testable import Preview

/// Live editing without a terminal: a session on a private copy of the demo project, the real
/// watcher, and a headless loop.
@Suite(
  "ProjectLiveReload", .enabled(if: DemoFixture.demoExists, "SKIPPED: Demo/ is missing"),
  .serialized)
struct ProjectLiveReloadTests {
  final class Fixture {
    let root = DemoFixture.temporaryDirectory("live-reload")
    let session: PreviewSession
    let loop: PreviewLoop
    let reload: ProjectLiveReload
    let woke = DispatchSemaphore(value: 0)
    var project: String { root + "/project" }

    init(ota: FakeOTASource? = nil) throws {
      try FileManager.default.copyItem(
        atPath: DemoFixture.packageRoot.appendingPathComponent("Demo/project").path,
        toPath: root + "/project")
      let built = try PreviewProjectLoader.load(path: root + "/project", target: "terminal")
      // The sources as PreviewLauncher sets them up.
      var sources = SessionSources(
        screens: built.screens, attributes: built.attributes, projectLayer: built.layerName,
        localeOrder: built.locales, project: built.project)
      sources.sourceLocale = built.sourceLocale
      session = PreviewSession(
        PreviewSessionConfiguration(
          layers: DatafileLayers(bases: [.init(name: built.layerName, datafiles: built.datafiles)]),
          ota: ota, locale: "en-US", currency: "USD", timeZone: "UTC",
          modules: PreviewLauncher.defaultModules(), sources: sources,
          now: { SessionFixtures.fixedNow }),
        inbox: PreviewInbox())
      loop = PreviewLoop(
        screen: HeadlessScreen(width: 100, height: 30), session: session,
        state: PreviewState(otaSource: "none"), interval: 0)
      loop.start()
      let woke = self.woke
      reload = try ProjectLiveReload(
        project: root + "/project", target: "terminal", session: session,
        options: .init(quietPeriod: .milliseconds(20)), wake: { woke.signal() })
      #expect(reload.waitUntilReady())
      while woke.wait(timeout: .now() + 0.2) == .success {}
      for message in session.inbox.drain() { loop.dispatch(message) }
    }

    deinit {
      reload.stop()
      session.stop()
      try? FileManager.default.removeItem(atPath: root)
    }

    func write(_ relative: String, _ text: String) throws {
      try text.write(toFile: project + "/" + relative, atomically: false, encoding: .utf8)
    }

    /// Feeds the loop until `predicate` holds for its state (bounded: 50 wake-ups or 10 s each).
    @discardableResult
    func waitFor(_ predicate: (PreviewState) -> Bool) -> Bool {
      for _ in 0..<50 {
        if predicate(loop.state) { return true }
        guard woke.wait(timeout: .now() + 10) == .success else { return predicate(loop.state) }
        for message in session.inbox.drain() { loop.dispatch(message) }
        loop.renderIfNeeded()
      }
      return predicate(loop.state)
    }

    var frame: String {
      PreviewView.render(loop.state).lines().joined(separator: "\n")
    }
  }

  static let title = "description: Title\ntranslations:\n  en-US: \"%@\"\n  nl-NL: \"Welkom\"\n"

  @Test("The first build at start reloads nothing when it finds what the session shows")
  func startIsNotAReload() throws {
    let fixture = try Fixture()
    #expect(!fixture.loop.state.events.entries.contains { $0.line.contains("reloaded") })
    // Only the lint run's result may have arrived (it is not a reload).
    #expect(
      fixture.session.inbox.drain().allSatisfy {
        if case .sourcesChanged(let what) = $0 { what.hasPrefix("lint:") } else { false }
      })
    // An edit after the start is still a reload.
    try fixture.write(
      "messages/welcome_title.yml", Self.title.replacingOccurrences(of: "%@", with: "Edited"))
    let reloaded = "project terminal reloaded"
    #expect(fixture.waitFor { $0.events.entries.contains { $0.line.contains(reloaded) } })
  }

  @Test func anEditIsLintedAgainWithoutBlockingTheReload() throws {
    let fixture = try Fixture()
    try fixture.write(
      "messages/welcome_title.yml", Self.title.replacingOccurrences(of: "%@", with: "Edited:"))
    #expect(fixture.waitFor { $0.content?.texts["welcome_title"]?.text == "Edited:" })
    var found = false
    for _ in 0..<200 where !found {
      found =
        fixture.session.currentSources.lint["welcome_title"]?.contains {
          $0.code == "whitespace_mismatch" && $0.locale == "nl-NL"
        } == true
      if !found { Thread.sleep(forTimeInterval: 0.05) }
    }
    #expect(found)
  }

  @Test func aLintRunStoppedByANewerOneHandsTheBrowserNothing() throws {
    let fixture = try Fixture()
    let project = try #require(fixture.session.currentSources.project)
    // What `startLint` asks between messages once a newer run has started.
    let stopped = PreviewSession.lintFindings(project, isCancelled: { true })
    #expect(stopped == nil)
    let goingOn = PreviewSession.lintFindings(project, isCancelled: { false })
    let unasked = PreviewSession.lintFindings(project)
    #expect(goingOn != nil)
    #expect(goingOn == unasked)
  }

  @Test func aTextWiderThanItsScreenBlockIsAFitFindingInTheBrowser() throws {
    let fixture = try Fixture()
    let path = fixture.project + "/messages/welcome_open_story_cta.yml"
    let original = try String(contentsOfFile: path, encoding: .utf8)
    try fixture.write(
      "messages/welcome_open_story_cta.yml",
      original.replacingOccurrences(
        of: "en-US: \"Open story\"",
        with: "en-US: \"Open the story of this project in a much longer button\""))
    var found = false
    for _ in 0..<200 where !found {
      found =
        fixture.session.currentSources.lint["welcome_open_story_cta"]?.contains {
          $0.code == "fit" && $0.locale == "en-US"
        } == true
      if !found { Thread.sleep(forTimeInterval: 0.05) }
    }
    #expect(found)
    for message in fixture.session.inbox.drain() { fixture.loop.dispatch(message) }
    fixture.loop.dispatch(.key(.character("m")))
    let entry = fixture.loop.state.browser.index?.entries.first {
      $0.key == "welcome_open_story_cta"
    }
    #expect(entry?.flags.contains(.lint) == true)
  }

  @Test func anEditReachesTheEngineAndTheFrame() throws {
    let fixture = try Fixture()
    #expect(fixture.frame.contains("Welcome to ReRune"))
    try fixture.write(
      "messages/welcome_title.yml", Self.title.replacingOccurrences(of: "%@", with: "Live title"))
    #expect(fixture.waitFor { $0.content?.texts["welcome_title"]?.text == "Live title" })
    #expect(fixture.frame.contains("Live title"))
    #expect(fixture.loop.state.events.entries.contains { $0.detail.contains("en-US") })
  }

  @Test func aBrokenFileIsADiagnosticAndTheLastGoodTextStays() throws {
    let fixture = try Fixture()
    try fixture.write("messages/welcome_title.yml", "translations:\n  en-US: [broken\n")
    #expect(fixture.waitFor { $0.diagnostics.entries.contains { $0.code == "project_error" } })
    let entry = try #require(
      fixture.loop.state.diagnostics.entries.first { $0.code == "project_error" })
    #expect(entry.level == .error)
    #expect(entry.detail("file") == "messages/welcome_title.yml")
    // At the unclosed `[` (2:10), not at the end of the file (3:1).
    #expect(entry.detail("line") == "2")
    #expect(entry.message.hasPrefix("messages/welcome_title.yml:2:10: "))
    #expect(fixture.loop.state.notice?.contains("welcome_title.yml:2:10") == true)
    #expect(fixture.loop.state.content?.texts["welcome_title"]?.text == "Welcome to ReRune")
    #expect(fixture.frame.contains("Welcome to ReRune"))
    // Fixed: the new text shows and the panel says the project builds again.
    try fixture.write(
      "messages/welcome_title.yml", Self.title.replacingOccurrences(of: "%@", with: "Fixed title"))
    #expect(fixture.waitFor { $0.content?.texts["welcome_title"]?.text == "Fixed title" })
    #expect(fixture.loop.state.diagnostics.entries.contains { $0.code == "project_reloaded" })
  }

  @Test func anEditTheOTAOverlayCoversIsReported() throws {
    let ota = FakeOTASource()
    let fixture = try Fixture(ota: ota)
    ota.publish(["en-US": ["welcome_title": "From OTA"]], revision: 7)
    // publish emits on the caller's thread: the loop picks the revision up from the inbox.
    for message in fixture.session.inbox.drain() { fixture.loop.dispatch(message) }
    #expect(fixture.loop.state.content?.texts["welcome_title"]?.text == "From OTA")
    try fixture.write(
      "messages/welcome_title.yml", Self.title.replacingOccurrences(of: "%@", with: "Hidden edit"))
    #expect(fixture.waitFor { $0.diagnostics.entries.contains { $0.code == "edit_hidden_by_ota" } })
    let entry = try #require(
      fixture.loop.state.diagnostics.entries.first { $0.code == "edit_hidden_by_ota" })
    #expect(entry.detail("key") == "welcome_title")
    #expect(entry.message.contains("OTA revision 7"))
    #expect(fixture.loop.state.content?.texts["welcome_title"]?.text == "From OTA")
  }
}
