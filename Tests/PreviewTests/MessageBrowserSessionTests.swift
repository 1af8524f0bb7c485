import Foundation
import Messagevisor
import TerminalUI
import Testing

@testable import Preview
@testable import PreviewCLI

/// The browser on a real session: the engine's datafiles, its context changes and OTA revisions.
@Suite("Message browser: session and loop")
struct MessageBrowserSessionTests {
  static func loop(ota: FakeOTASource? = nil) -> (PreviewLoop, PreviewSession) {
    let (session, _) = SessionFixtures.session(ota: ota)
    let screen = HeadlessScreen(width: 140, height: 40, colorMode: .monochrome)
    let loop = PreviewLoop(
      screen: screen, session: session, state: PreviewState(width: 140, height: 40), interval: 0)
    loop.start()
    return (loop, session)
  }

  static func entry(_ loop: PreviewLoop, _ key: String) -> MessageEntry? {
    loop.state.browser.index?.entries.first { $0.key == key }
  }

  @Test func mOpensTheBrowserAndContextChangesReResolveIt() throws {
    let (loop, session) = Self.loop()
    defer { session.stop() }
    loop.dispatch(.key(.character("m")))
    #expect(loop.state.mode == .messages)
    let title = try #require(Self.entry(loop, "welcome_title"))
    #expect(title.text == "Welcome to ReRune")
    #expect(title.origin == .base(layer: "project terminal"))
    #expect(Self.entry(loop, "welcome_bundle_note")?.origin == .base(layer: "bundle"))
    #expect(Self.entry(loop, "legacy_banner")?.flags.contains(.deprecated) == true)
    // p switches the plan to pro: the engine's change event re-resolves the browser.
    loop.dispatch(.key(.character("p")))
    #expect(loop.state.content?.context["plan"] == "pro")
    let pro = try #require(Self.entry(loop, "welcome_title"))
    #expect(pro.text == "Welcome back to ReRune Pro")
    #expect(pro.origin == .override(key: "pro"))
    #expect(pro.text == (try session.engine.translate("welcome_title")))
    // l switches the locale: the browser follows.
    loop.dispatch(.key(.character("l")))
    let locale = try #require(loop.state.content?.locale)
    #expect(loop.state.browser.index?.locale == locale)
  }

  @Test func compareDefaultsToAnotherLocaleAndOTATextsAreFlagged() throws {
    let ota = FakeOTASource()
    let (loop, session) = Self.loop(ota: ota)
    defer { session.stop() }
    loop.dispatch(.key(.character("m")))
    ota.publish(["en-US": ["story_caption": "Fresh caption"]], revision: 4)
    loop.dispatch(.tick)
    let caption = try #require(Self.entry(loop, "story_caption"))
    #expect(caption.text == "Fresh caption")
    #expect(caption.origin == .otaOverlay(revision: 4))
    #expect(caption.flags.contains(.fromOTA))
    loop.dispatch(.key(.character("x")))
    let index = try #require(loop.state.browser.index)
    let compare = try #require(index.compareLocale)
    #expect(compare != "en-US")
    #expect(Self.entry(loop, "welcome_title")?.compareText != nil)
    // story_caption exists only in en-US's project layer: missing in the other locale.
    #expect(Self.entry(loop, "story_caption")?.compareText == nil)
  }

  @Test func anUnchangedEngineReusesTheIndexAndAChangeRebuildsIt() {
    let (session, _) = SessionFixtures.session()
    defer { session.stop() }
    let first = session.resolveMessages(compare: false, compareLocale: nil)
    #expect(session.resolveMessages(compare: false, compareLocale: nil) === first)
    #expect(session.resolveMessages(compare: true, compareLocale: nil) !== first)
    session.perform(.setContext(["plan": "pro"]))
    let after = session.resolveMessages(compare: false, compareLocale: nil)
    #expect(after !== first)
    #expect(after.entries.first { $0.key == "welcome_title" }?.origin == .override(key: "pro"))
  }

  @Test func theUsageNamesTheBrowser() {
    #expect(PreviewOptions.usage.contains("messages (the message browser"))
  }
}
