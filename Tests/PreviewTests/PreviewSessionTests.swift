import Foundation
import Messagevisor
import MessagevisorLocking
import TerminalUI
import Testing

@testable import Preview

@Suite("PreviewSession: engine, layers, origins")
struct PreviewSessionTests {
  @Test func resolvesVisibleKeysWithOrigins() {
    let (session, _) = SessionFixtures.session()
    let content = session.resolveContent(lastSynced: nil)
    #expect(content.locale == "en-US")
    #expect(content.loadedLocales == ["ar", "en-US", "nl-NL"])
    #expect(content.text("welcome_title").text == "Welcome to ReRune")
    #expect(content.text("welcome_title").origin == .base(layer: "project terminal"))
    #expect(content.text("welcome_bundle_note").origin == .base(layer: "bundle"))
    #expect(content.text("welcome_bundle_note").text == "Bundled text.")
  }

  @Test func planSwitchMatchesOverrideAndInspectNamesIt() {
    let (session, inbox) = SessionFixtures.session()
    session.perform(.setContext(["plan": "pro"]))
    let content = session.resolveContent(lastSynced: nil)
    #expect(content.text("welcome_title").text == "Welcome back to ReRune Pro")
    #expect(content.text("welcome_title").origin == .override(key: "pro"))
    let messages = inbox.drain()
    #expect(
      messages.contains {
        if case .engineEvent(let info) = $0 {
          return info.source == "context_set" && info.detail == "plan=pro"
        } else {
          return false
        }
      })
    #expect(
      messages.contains {
        if case .diagnostic(let d) = $0 {
          return d.code == "message_override_matched"
        } else {
          return false
        }
      })
  }

  @Test func missingTranslationFallsBackToKeyWithDiagnostic() throws {
    let (session, inbox) = SessionFixtures.session(locale: "nl-NL")
    _ = inbox.drain()
    let content = session.resolveContent(lastSynced: nil)
    #expect(content.text("story_caption").text == "story_caption")
    #expect(content.text("story_caption").origin == .fallbackToKey)
    let diagnostics = inbox.drain().compactMap { message -> DiagnosticEntry? in
      if case .diagnostic(let d) = message { return d } else { return nil }
    }
    let missing = try #require(
      diagnostics.first {
        $0.code == "missing_translation" && $0.detail("messageKey") == "story_caption"
      })
    #expect(missing.level == .error)
    #expect(missing.detail("messageKey") == "story_caption")
    #expect(missing.detail("locale") == "nl-NL")
  }

  @Test func localeSwitchAndDirection() {
    let (session, _) = SessionFixtures.session()
    session.perform(.setLocale("ar"))
    let content = session.resolveContent(lastSynced: nil)
    #expect(content.isRightToLeft)
    #expect(content.text("welcome_title").text == "مرحبًا بك في ReRune")
    session.perform(.setLocale("xx-XX"))
  }

  @Test func unknownLocaleIsReportedNotThrown() {
    let (session, inbox) = SessionFixtures.session()
    _ = inbox.drain()
    session.perform(.setLocale("xx-XX"))
    #expect(
      inbox.drain().contains {
        if case .failure(let text) = $0 { return text.contains("xx-XX") } else { return false }
      })
    #expect(session.engine.getLocale() == "en-US")
  }

  @Test func otaOverlayWinsOverBaseAndRemovalFallsBack() {
    let ota = FakeOTASource()
    let (session, inbox) = SessionFixtures.session(ota: ota)
    ota.publish(["en-US": ["welcome_title": "Welcome, live from OTA"]], revision: 7)
    var content = session.resolveContent(lastSynced: nil)
    #expect(content.text("welcome_title").text == "Welcome, live from OTA")
    #expect(content.text("welcome_title").origin == .otaOverlay(revision: 7))
    #expect(inbox.drain().contains(.otaRevision(7, at: SessionFixtures.fixedNow)))
    // The same revision again still rebinds; removing the key falls back to the base text.
    ota.publish([:], revision: 7)
    content = session.resolveContent(lastSynced: nil)
    #expect(content.text("welcome_title").text == "Welcome to ReRune")
    #expect(content.text("welcome_title").origin == .base(layer: "project terminal"))
    #expect(inbox.drain().contains(.otaRevision(7, at: SessionFixtures.fixedNow)))
  }

  @Test func manualCheckPostsPhasesInOrder() async {
    let ota = FakeOTASource()
    ota.nextOutcome = .updated
    let (session, inbox) = SessionFixtures.session(ota: ota)
    _ = inbox.drain()
    await session.runCheck(manual: true, phaseDelays: false)
    let phases = inbox.drain().compactMap { message -> String? in
      switch message {
      case .checkPhase(let phase): return phase.rawValue
      case .checkFinished(let outcome): return "finished \(outcome.status.rawValue)"
      default: return nil
      }
    }
    #expect(phases == ["checking", "downloading", "applying", "finished updated"])
  }

  @Test func deprecatedMessageWarns() {
    let (session, inbox) = SessionFixtures.session()
    _ = inbox.drain()
    _ = try? session.engine.translate("legacy_banner")
    #expect(
      inbox.drain().contains {
        if case .diagnostic(let d) = $0 {
          return d.code == "deprecated_message" && d.level == .warn
        } else {
          return false
        }
      })
  }
}

@Suite("PreviewSession: screen values")
struct PreviewSessionScreenValueTests {
  static let yaml = """
    title: Values
    blocks:
      - paragraph: synced_line
        values:
          when: $lastSync
      - paragraph: price_line
        values:
          price: 9.99
          code: $currency
      - paragraph: plan_line
        values:
          plan: $context.plan
      - paragraph: topics_line
        values:
          topics:
            list: [topic_a, topic_b]
    """

  static func session() -> PreviewSession {
    var layers = SessionFixtures.layers()
    layers.bases.append(
      .init(
        name: "extra",
        translations: [
          "en-US": [
            "synced_line": "Synced {when, date, medium} {when, time, short}",
            "price_line": "{price, number} {code}", "plan_line": "Plan {plan}",
            "topics_line": "Topics: {topics}", "topic_a": "Runes", "topic_b": "Forging",
          ]
        ], target: "terminal"))
    let screens = ScreenCatalog(screens: [PreviewFixtures.screen(yaml, name: "values")])
    return SessionFixtures.session(
      screens: screens, modules: PreviewLauncher.defaultModules(), layers: layers
    ).0
  }

  @Test func valuesAreEvaluatedInTheActiveLocaleZoneAndContext() {
    let session = Self.session()
    session.perform(.setTimeZone("Asia/Tokyo"))
    // 2027-01-15 08:00 UTC is 17:00 in Tokyo.
    let synced = Date(timeIntervalSince1970: 1_800_000_000)
    let tokyo = session.resolveContent(lastSynced: synced).text("synced_line").text
    session.perform(.setTimeZone("UTC"))
    let utc = session.resolveContent(lastSynced: synced).text("synced_line").text
    #expect(tokyo.hasPrefix("Synced ") && tokyo != utc)
    let content = session.resolveContent(lastSynced: synced)
    #expect(content.text("price_line").text == "9.99 USD")
    #expect(content.text("plan_line").text == "Plan free")
    #expect(content.text("topics_line").text.contains("Runes"))
    #expect(content.text("topics_line").text.contains("Forging"))
    session.perform(.setContext(["plan": "pro"]))
    #expect(session.resolveContent(lastSynced: synced).text("plan_line").text == "Plan pro")
  }

  @Test func offsetsParse() {
    #expect(ScreenValue.offset("-5m") == -300)
    #expect(ScreenValue.offset("+2d") == 172_800)
    #expect(ScreenValue.offset("30") == 30)
    #expect(ScreenValue.offset("1h") == 3600)
    #expect(ScreenValue.offset("soon") == nil)
    #expect(ScreenValue.offset("5y") == nil)
  }
}

@Suite("PreviewSession: locale order")
struct PreviewSessionLocaleOrderTests {
  @Test func loadedLocalesFollowTheProjectOrderThenSorted() {
    var configuration = PreviewSessionConfiguration(
      layers: SessionFixtures.layers(), locale: "en-US", timeZone: "UTC")
    configuration.localeOrder = ["nl-NL", "en-US", "fr-FR"]
    let session = PreviewSession(configuration, inbox: PreviewInbox())
    #expect(session.resolveContent(lastSynced: nil).loadedLocales == ["nl-NL", "en-US", "ar"])
  }
}

@Suite("PreviewLoop: the start-up check is logged as such")
struct PreviewStartupCheckTests {
  @Test func startupCheckIsStartNotPeriodic() async {
    let ota = FakeOTASource()
    let (session, inbox) = SessionFixtures.session(ota: ota)
    let loop = PreviewLoop(
      screen: HeadlessScreen(width: 80, height: 24), session: session,
      state: PreviewFixtures.state(), interval: 0, initialCheck: true)
    loop.start()
    loop.startPeriodicChecks()
    await loop.periodicTask?.value
    for message in inbox.drain() { _ = loop.dispatch(message) }
    let lines = loop.state.events.entries.map(\.line)
    #expect(lines.contains { $0.contains("OTA check (start) no change") }, "\(lines)")
    #expect(!lines.contains { $0.contains("(periodic)") }, "\(lines)")
  }

  @Test func foldedPeriodicChecksShowTheLatestTime() {
    var state = PreviewFixtures.state()
    let first = Date(timeIntervalSince1970: 1_800_000_000)
    for offset in 0..<3 {
      let at = first.addingTimeInterval(Double(offset) * 5)
      state =
        state.after(
          .checkFinished(CheckOutcome(status: .noChange, finishedAt: at, manual: false))
        ).0
    }
    #expect(state.events.entries.count == 1)
    #expect(state.events.entries.last?.repeats == 3)
    #expect(state.events.entries.last?.at == first.addingTimeInterval(10))
    #expect(state.events.entries.last?.line.hasSuffix("no change ×3") == true)
  }
}

@Suite("PreviewInbox: waking the loop")
struct PreviewInboxTests {
  @Test func onlyMessagesThatArriveOnTheirOwnWake() {
    let inbox = PreviewInbox()
    let wakes = Locked(0)
    inbox.setWaker(ScreenWaker(wake: { wakes.withLock { $0 += 1 } }))
    inbox.post(.diagnostic(PreviewFixtures.diagnostic("missing_translation")))
    inbox.post(.engineEvent(EngineEventInfo(type: "change", source: nil, version: 1, detail: "")))
    #expect(wakes.withLock { $0 } == 0)
    inbox.post(.otaRevision(3, at: Date()))
    inbox.post(.sourcesChanged("project reloaded"))
    #expect(wakes.withLock { $0 } == 2)
    inbox.setWaker(nil)
    inbox.post(.otaRevision(4, at: Date()))
    #expect(wakes.withLock { $0 } == 2)
    #expect(inbox.drain().count == 5)
  }
}
