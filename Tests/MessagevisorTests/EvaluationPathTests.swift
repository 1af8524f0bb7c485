import Foundation
import Testing

@testable import Messagevisor

/// The translate path of issue 18's engine rows: flat store tables, the instance context kept on
/// the store's attribute slots across calls, spawn sharing the parent's context and store, and
/// snapshots built only when an event is delivered. Each test pins a behaviour that a stale cache
/// or a wrong table would break.
@Suite("Evaluation path: store tables, context slots, spawn")
struct EvaluationPathTests {
  static let segments: [String: Segment] = [
    "pro": Segment(
      conditions: .and([
        .predicate(ConditionPredicate(attribute: "plan", operator: .equals, value: "pro")),
        .predicate(
          ConditionPredicate(attribute: "seats", operator: .greaterThanOrEquals, value: 5)),
      ])),
    "ios": Segment(
      conditions: .predicate(
        ConditionPredicate(attribute: "platform", operator: .equals, value: "ios"))),
  ]

  static func datafile(revision: String = "1", pro: String = "Pro") -> DatafileContent {
    makeDatafile(
      revision: revision, translations: ["k": "base", "plain": "Plain"],
      messages: [
        "k": DatafileMessage(overrides: [
          MessageOverride(key: "ios", segments: .key("ios"), translation: "iOS"),
          MessageOverride(key: "pro", segments: .key("pro"), translation: pro),
        ])
      ],
      segments: segments)
  }

  @Test("A context change after a translate is seen by the next translate")
  func contextChangeInvalidatesSlots() throws {
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: Self.datafile(), context: ["plan": "pro", "seats": 9], onDiagnostic: { _ in }))
    #expect(try m.translate("k") == "Pro")
    m.setContext(["platform": "ios"])
    #expect(try m.translate("k") == "iOS")
    m.setContext(["plan": "free"], replace: true)
    #expect(try m.translate("k") == "base")
    m.setContext(["plan": "pro", "seats": 5])
    #expect(try m.translate("k") == "Pro")
    // A per-call context wins over the kept slots, and does not change them.
    #expect(try m.translate("k", options: TranslateOptions(context: ["seats": 1])) == "base")
    #expect(try m.translate("k") == "Pro")
  }

  @Test("A new datafile (other attributes, other slots) is evaluated against the context again")
  func datafileChangeInvalidatesSlots() throws {
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: Self.datafile(), context: ["plan": "pro", "seats": 9, "tier": "gold"],
        onDiagnostic: { _ in }))
    #expect(try m.translate("k") == "Pro")
    // The replacement has one attribute, `tier`, in slot 0 (where `platform` was).
    m.setDatafile(
      makeDatafile(
        revision: "2", translations: ["k": "base 2"],
        messages: [
          "k": DatafileMessage(overrides: [
            MessageOverride(
              key: "gold",
              conditions: .predicate(
                ConditionPredicate(attribute: "tier", operator: .equals, value: "gold")),
              translation: "Gold")
          ])
        ]), replace: true)
    #expect(try m.translate("k") == "Gold")
    m.setDatafile(Self.datafile(revision: "3", pro: "Pro 3"), replace: true)
    #expect(try m.translate("k") == "Pro 3")
  }

  @Test("Each instance keeps its own context slots on the shared store")
  func childrenHaveTheirOwnSlots() throws {
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: Self.datafile(), context: ["plan": "pro", "seats": 9], onDiagnostic: { _ in }))
    let ios = m.spawn(context: ["platform": "ios"])
    let free = m.spawn(context: ["plan": "free"])
    let same = m.spawn()
    for _ in 0..<2 {
      #expect(try m.translate("k") == "Pro")
      #expect(try ios.translate("k") == "iOS")
      #expect(try free.translate("k") == "base")
      #expect(try same.translate("k") == "Pro")
    }
    #expect(ios.getContext() == ["plan": "pro", "seats": 9, "platform": "ios"])
    #expect(free.getContext() == ["plan": "free", "seats": 9])
    #expect(same.getContext() == m.getContext())
    // The parent's later context change is not the children's.
    m.setContext(["plan": "free"])
    #expect(try m.translate("k") == "base")
    #expect(try same.translate("k") == "Pro")
  }

  @Test("A child spawned on the parent's locale follows the parent's datafile updates")
  func childSharesTheStoreCache() throws {
    let m = createMessagevisor(
      MessagevisorOptions(datafile: Self.datafile(), onDiagnostic: { _ in }))
    #expect(try m.translate("plain") == "Plain")
    let child = m.spawn()
    #expect(try child.translate("plain") == "Plain")
    m.setDatafile(makeDatafile(revision: "2", translations: ["plain": "Plain 2"]))
    #expect(try child.translate("plain") == "Plain 2")
    m.setDatafile(makeDatafile(locale: "nl", translations: ["plain": "Gewoon"]))
    let dutch = m.spawn(options: SpawnOptions(locale: "nl"))
    #expect(try dutch.translate("plain") == "Gewoon")
    #expect(try child.translate("plain") == "Plain 2")
  }

  @Test("A key spelled in another normalization form finds its message and overrides")
  func normalizationFormFallback() throws {
    let composed = "caf\u{E9}"  // é as one scalar
    let decomposed = "cafe\u{301}"  // e + combining acute
    #expect(composed == decomposed)
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: makeDatafile(
          translations: [composed: "base", "only": "x"],
          messages: [
            decomposed: DatafileMessage(
              deprecated: true,
              overrides: [
                MessageOverride(
                  key: "pro",
                  conditions: .predicate(
                    ConditionPredicate(attribute: "plan", operator: .equals, value: "pro")),
                  translation: "Pro")
              ]),
            "meta only": DatafileMessage(meta: ["a": 1]),
          ]),
        context: ["plan": "pro"], onDiagnostic: { _ in }))
    #expect(try m.translate(composed) == "Pro")
    #expect(try m.translate(decomposed) == "Pro")
    m.setContext(["plan": "free"])
    #expect(try m.translate(composed) == "base")
    #expect(try m.translate(decomposed) == "base")
    // A message entry without a translation falls back to the key, with missing_translation.
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let n = createMessagevisor(
      MessagevisorOptions(
        datafile: makeDatafile(
          translations: ["only": "x"], messages: ["meta only": DatafileMessage(meta: ["a": 1])]),
        onDiagnostic: diagnostics.handler))
    #expect(try n.translate("meta only") == "meta only")
    #expect(diagnostics.codes.contains("missing_translation"))
  }

  @Test("An override without a base translation evaluates its resolvers once per call")
  func unmatchedMessageWithoutTranslationEvaluatesOnce() throws {
    let calls = Collector<String>()
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: makeDatafile(
          messages: [
            "k": DatafileMessage(overrides: [
              MessageOverride(
                key: "beta",
                conditions: .predicate(ConditionPredicate(feature: "beta", operator: .isEnabled)),
                translation: "Beta")
            ])
          ]),
        resolveFlag: { feature, _ in
          calls.append(feature)
          return false
        }, onDiagnostic: { _ in }))
    #expect(try m.translate("k") == "k")
    #expect(calls.items == ["beta"])
  }

  @Test("A resolver that changes the context during an evaluation does not disturb it")
  func reentrantResolver() throws {
    let box = Collector<MessagevisorInstance>()
    let entered = Collector<Int>()
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: makeDatafile(
          translations: ["k": "base"],
          messages: [
            "k": DatafileMessage(overrides: [
              MessageOverride(
                key: "flag",
                conditions: .and([
                  .predicate(ConditionPredicate(feature: "f", operator: .isEnabled)),
                  .predicate(
                    ConditionPredicate(attribute: "plan", operator: .equals, value: "pro")),
                ]),
                translation: "Flag")
            ])
          ]),
        context: ["plan": "pro"],
        resolveFlag: { _, _ in
          // Re-enters the engine: changes the context and translates, mid-evaluation.
          if let instance = box.items.first, entered.items.isEmpty {
            entered.append(1)
            instance.setContext(["plan": "free", "other": 1])
            _ = try? instance.translate("k")
          }
          return true
        }, onDiagnostic: { _ in }))
    box.append(m)
    // The evaluation that started with plan = pro matched; the nested one saw plan = free.
    #expect(try m.translate("k") == "Flag")
    #expect(m.getContext()["plan"] == "free")
  }

  @Test("Snapshots of events are built from the state at that event")
  func snapshotsAtEvents() throws {
    let m = createMessagevisor(
      MessagevisorOptions(datafile: Self.datafile(), onDiagnostic: { _ in }))
    let child = m.spawn(context: ["a": 1], options: SpawnOptions(locale: "en"))
    let events = Collector<MessagevisorEvent>()
    child.on(.datafileSet) { events.append($0) }
    // No listener on the root: its events are not delivered, its state still moves on.
    m.setDatafile(Self.datafile(revision: "2"), replace: true)
    m.setDatafile(makeDatafile(locale: "nl", revision: "7"))
    #expect(events.items.count == 2)
    let first = try #require(events.items.first)
    #expect(first.previousSnapshot.datafileRevisionsByLocale == ["en": "1"])
    #expect(first.snapshot.datafileRevisionsByLocale == ["en": "2"])
    #expect(first.snapshot.context == ["a": 1])
    let second = events.items[1]
    #expect(second.previousSnapshot.datafileRevisionsByLocale == ["en": "2"])
    #expect(second.snapshot.datafileLocales == ["en", "nl"])
    #expect(m.getSnapshot().version == 2)
    #expect(m.getSnapshot().datafileRevisionsByLocale == ["en": "2", "nl": "7"])
    #expect(child.getSnapshot().version == 2)
  }

  @Test("A first event has the state the root or child was created with as previous snapshot")
  func firstEventsPreviousSnapshot() throws {
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: Self.datafile(), currency: "EUR", timeZone: "UTC", context: ["plan": "pro"],
        onDiagnostic: { _ in }))
    let created = m.getSnapshot()
    let rootEvents = Collector<MessagevisorEvent>()
    m.on(.timeZoneSet) { rootEvents.append($0) }
    m.setTimeZone("Europe/Amsterdam")
    let rootFirst = try #require(rootEvents.items.first)
    #expect(rootFirst.previousSnapshot == created)
    #expect(rootFirst.previousSnapshot.datafileRevisionsByLocale == ["en": "1"])
    #expect(rootFirst.snapshot.timeZone == "Europe/Amsterdam")

    // Each kind of first change on a fresh child: the previous snapshot is the spawned state.
    for change in 0..<4 {
      let child = m.spawn(context: ["device": "ios"], options: SpawnOptions(currency: "USD"))
      let spawned = child.getSnapshot()
      #expect(spawned.version == 0)
      #expect(spawned.context == ["plan": "pro", "device": "ios"])
      let events = Collector<MessagevisorEvent>()
      child.on(.change) { events.append($0) }
      switch change {
      case 0: child.setContext(["device": "android"])
      case 1: child.setCurrency("GBP")
      case 2: child.setTimeZone("Asia/Tokyo")
      default: try child.setLocale("en")
      }
      let first = try #require(events.items.first)
      #expect(first.previousSnapshot == spawned, "change \(change)")
      #expect(first.snapshot.version == 1)
      #expect(first.snapshot != spawned, "change \(change)")
    }
  }
}
