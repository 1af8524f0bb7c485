import Foundation
import Messagevisor
import ReRune
import Testing

@testable import Preview

/// `U`: the selected string's current text for the active locale published to the local OTA
/// site, with the publish command's checks.
@Suite("Publishing the selected string from the previewer")
struct PublishFromPreviewerTests {
  typealias V = MessageBrowserViewTests

  @Test func uInTheBrowserPublishesTheSelectedMessageThenChecks() {
    var state = V.browsing()
    let key = state.browser.selectedKey
    #expect(key != nil)
    let effects = V.press([.character("U")], &state)
    #expect(effects == [.publish(key: key ?? "", locale: "nl-NL"), .checkForUpdates])
    #expect(state.checkRunning)
  }

  @Test func uOnAScreenWithoutASelectedStringSaysWhatToDo() {
    var state = PreviewState(width: 100, height: 30)
    state.content = PreviewFixtures.content(locale: "nl-NL", locales: ["en-US", "nl-NL"])
    #expect(V.press([.character("U")], &state).isEmpty)
    #expect(state.notice?.contains("select a string first") == true)
    state.inspectedKey = "welcome_title"
    #expect(
      V.press([.character("U")], &state).first == .publish(key: "welcome_title", locale: "nl-NL"))
  }

  /// A session over the fixture layers publishing to a private copy of the demo's OTA site.
  static func session() throws -> (PreviewSession, PreviewInbox, String) {
    let root = DemoFixture.temporaryDirectory("publish-from-previewer")
    let site = root + "/ota"
    try FileManager.default.copyItem(
      atPath: DemoFixture.packageRoot.appendingPathComponent("Demo/ota").path, toPath: site)
    var configuration = PreviewSessionConfiguration(
      layers: SessionFixtures.layers(), locale: "en-US", currency: "USD", timeZone: "UTC",
      context: ["plan": "pro"])
    configuration.publishSite = site
    let inbox = PreviewInbox()
    return (PreviewSession(configuration, inbox: inbox), inbox, site)
  }

  static func notes(_ inbox: PreviewInbox) -> [String] {
    inbox.drain().compactMap { if case .failure(let text) = $0 { text } else { nil } }
  }

  /// Runs `body` with a fresh session, its inbox (drained), the site's publisher and its
  /// manifest text before any publish; removes the site afterwards.
  static func withSite(
    _ body: (PreviewSession, PreviewInbox, OTASitePublisher, String) throws -> Void
  ) throws {
    let (session, inbox, site) = try session()
    defer {
      session.stop()
      try? FileManager.default.removeItem(atPath: (site as NSString).deletingLastPathComponent)
    }
    _ = inbox.drain()
    let publisher = OTASitePublisher(sitePath: site)
    try body(session, inbox, publisher, String(contentsOf: publisher.manifestURL, encoding: .utf8))
  }

  @Test(.enabled(if: DemoFixture.demoExists))
  func theCurrentTextIsPublishedAndTheManifestVersionBumped() throws {
    try Self.withSite { session, inbox, publisher, manifest in
      // The text translate reads now: the `pro` override in this context.
      session.publish(key: "welcome_title", locale: "en-US")
      let notes = Self.notes(inbox)
      #expect(
        notes.count == 1 && notes[0].contains("published ‹welcome_title› (en-US)"), "\(notes)")
      let payload = try String(contentsOf: publisher.payloadURL(for: "en-US"), encoding: .utf8)
      #expect(payload.contains("Welcome back to ReRune Pro"))
      let after = try String(contentsOf: publisher.manifestURL, encoding: .utf8)
      #expect(after != manifest)
    }
  }

  @Test(.enabled(if: DemoFixture.demoExists))
  func keysTheTargetDoesNotHaveAndUndeclaredLocalesAreRefusedUntouched() throws {
    try Self.withSite { session, inbox, publisher, manifest in
      session.publish(key: "no.such.key", locale: "en-US")
      #expect(Self.notes(inbox).first?.contains("not a key of the target") == true)
      session.publish(key: "welcome_title", locale: "xx-XX")
      let refused = Self.notes(inbox).first ?? ""
      #expect(refused.contains("xx-XX") && !refused.contains("published"), "\(refused)")
      let after = try String(contentsOf: publisher.manifestURL, encoding: .utf8)
      #expect(after == manifest)
    }
  }

  @Test func withoutALocalSiteNothingIsPublished() {
    let (session, inbox) = SessionFixtures.session()
    defer { session.stop() }
    _ = inbox.drain()
    session.publish(key: "welcome_title", locale: "en-US")
    #expect(Self.notes(inbox).first?.contains("no local OTA site") == true)
  }
}
