import Foundation
import Messagevisor

@testable import Preview

/// A fake OTA source: tests set the translations and the outcome, then emit revisions.
final class FakeOTASource: PreviewOTASource, @unchecked Sendable {
  private let lock = NSLock()
  private var translations: [String: [String: String]] = [:]
  private var current = 0
  private var handlers: [Int: @Sendable (Int) -> Void] = [:]
  private var nextID = 0
  var checks = 0
  var nextOutcome: CheckOutcome.Status = .noChange

  let summary = "fake site"

  var revision: Int { lock.withLock { current } }

  func overlays() -> [String: [String: String]] { lock.withLock { translations } }

  /// Publishes: replaces the overlay, bumps the revision and emits it.
  func publish(_ overlay: [String: [String: String]], revision: Int) {
    let targets = lock.withLock { () -> [@Sendable (Int) -> Void] in
      translations = overlay
      current = revision
      return Array(handlers.values)
    }
    for handler in targets { handler(revision) }
  }

  func check(manual: Bool) async -> CheckOutcome {
    lock.withLock { checks += 1 }
    return CheckOutcome(status: nextOutcome, finishedAt: Date(), manual: manual)
  }

  func onRevision(_ handler: @escaping @Sendable (Int) -> Void) -> @Sendable () -> Void {
    let id = lock.withLock { () -> Int in
      nextID += 1
      handlers[nextID] = handler
      return nextID
    }
    handler(revision)
    return { [weak self] in
      guard let self else { return }
      self.lock.withLock { _ = self.handlers.removeValue(forKey: id) }
    }
  }
}

enum SessionFixtures {
  static let fixedNow = Date(timeIntervalSince1970: 1_800_000_000)

  static func projectDatafile(
    _ locale: String, title: String, proTitle: String, direction: String = "ltr",
    extra: [String: String] = [:]
  ) -> DatafileContent {
    var translations = PreviewFixtures.englishTexts
    translations["welcome_title"] = title
    translations.removeValue(forKey: "story_caption")
    if locale == "en-US" { translations["story_caption"] = "Live translation content" }
    translations["legacy_banner"] = "Old banner"
    translations.merge(extra) { _, new in new }
    let json: [String: Any] = [
      "schemaVersion": "1", "messagevisorVersion": "test", "revision": "p1", "target": "terminal",
      "locale": locale, "direction": direction,
      "segments": [
        "plan-pro": ["conditions": ["attribute": "plan", "operator": "equals", "value": "pro"]]
      ],
      "messages": [
        "welcome_title": [
          "overrides": [["key": "pro", "segments": "plan-pro", "translation": proTitle]]
        ],
        "legacy_banner": ["deprecated": true],
      ],
      "translations": translations,
    ]
    let data = try! JSONSerialization.data(withJSONObject: json)
    return try! DatafileContent.fromData(data)
  }

  static func layers() -> DatafileLayers {
    DatafileLayers(bases: [
      .init(
        name: "bundle", translations: ["en-US": ["welcome_bundle_note": "Bundled text."]],
        target: "bundle"),
      .init(
        name: "project terminal",
        datafiles: [
          "en-US": projectDatafile(
            "en-US", title: "Welcome to ReRune", proTitle: "Welcome back to ReRune Pro"),
          "nl-NL": projectDatafile(
            "nl-NL", title: "Welkom bij ReRune", proTitle: "Welkom terug bij ReRune Pro"),
          "ar": projectDatafile(
            "ar", title: "مرحبًا بك في ReRune", proTitle: "أهلًا بعودتك إلى ReRune Pro",
            direction: "rtl"),
        ]),
    ])
  }

  static func session(
    ota: FakeOTASource? = nil, locale: String? = "en-US",
    screens: ScreenCatalog = PreviewFixtures.screens, modules: [MessagevisorModule] = [],
    layers: DatafileLayers = layers()
  ) -> (PreviewSession, PreviewInbox) {
    let inbox = PreviewInbox()
    let session = PreviewSession(
      PreviewSessionConfiguration(
        layers: layers, ota: ota, locale: locale, currency: "USD", timeZone: "UTC",
        context: ["plan": "free"], modules: modules,
        sources: SessionSources(
          screens: screens, attributes: PreviewFixtures.attributes,
          projectLayer: "project terminal"),
        now: { fixedNow }),
      inbox: inbox)
    return (session, inbox)
  }
}
