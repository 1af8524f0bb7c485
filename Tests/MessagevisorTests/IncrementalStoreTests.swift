import Foundation
import Testing

@testable import Messagevisor

/// A locale's store is built (on the first lookup after `setDatafile`) from the one it replaces
/// and the other locales' stores (compiled messages and key indexes that did not change are
/// reused); the result must be what a store built from scratch gives.
@Suite("Datafile updates reuse what did not change and translate like a fresh store")
struct IncrementalStoreTests {
  static func plan(_ value: String) -> Condition {
    .predicate(ConditionPredicate(attribute: "plan", operator: .equals, value: .string(value)))
  }

  static func country(_ value: String) -> Condition {
    .predicate(ConditionPredicate(attribute: "country", operator: .equals, value: .string(value)))
  }

  static let segments: [String: Segment] = [
    "pro": Segment(conditions: plan("pro")),
    "dutch": Segment(conditions: country("nl")),
  ]

  /// The datafile before the edit: plain keys, message-only keys, overrides on conditions and on
  /// segments, deprecation.
  static let before = makeDatafile(
    locale: "en",
    translations: [
      "plain.kept": "Kept", "plain.edited": "Before", "plain.removed": "Removed",
      "gains.override": "Gains", "loses.override": "Loses", "kept.override": "Kept base",
      "edited.override": "Edited base", "segment.override": "Segment base",
    ],
    messages: [
      "loses.override": DatafileMessage(
        overrides: [MessageOverride(key: "pro", conditions: plan("pro"), translation: "Loses pro")]
      ),
      "kept.override": DatafileMessage(
        overrides: [
          MessageOverride(key: "pro", conditions: plan("pro"), translation: "Kept pro"),
          MessageOverride(key: "nl", segments: "dutch", translation: "Kept nl"),
        ]),
      "edited.override": DatafileMessage(
        overrides: [MessageOverride(key: "pro", conditions: plan("pro"), translation: "Old pro")]),
      "segment.override": DatafileMessage(
        overrides: [MessageOverride(key: "pro", segments: "pro", translation: "Segment pro")]),
      "meta.only": DatafileMessage(deprecated: true, deprecationWarning: "gone soon"),
      "message.removed": DatafileMessage(meta: ["owner": "growth"]),
    ],
    segments: segments)

  /// The same datafile after an edit of a few keys: a text edited, keys added and removed,
  /// messages gaining, losing and changing overrides, a new attribute.
  static let after: DatafileContent = {
    var datafile = before
    datafile.translations["plain.edited"] = "After"
    datafile.translations["plain.removed"] = nil
    datafile.translations["plain.added"] = "Added"
    datafile.translations["added.override"] = "Added base"
    datafile.messages["loses.override"] = nil
    datafile.messages["message.removed"] = nil
    datafile.messages["gains.override"] = DatafileMessage(
      overrides: [MessageOverride(key: "nl", conditions: country("nl"), translation: "Gains nl")])
    datafile.messages["edited.override"] = DatafileMessage(
      overrides: [MessageOverride(key: "pro", conditions: plan("pro"), translation: "New pro")])
    datafile.messages["added.override"] = DatafileMessage(
      overrides: [
        MessageOverride(
          key: "beta",
          conditions: .predicate(
            ConditionPredicate(attribute: "beta", operator: .equals, value: true)),
          translation: "Added beta")
      ])
    return datafile
  }()

  static let contexts: [MessagevisorContext] = [
    [:], ["plan": "pro"], ["country": "nl"], ["plan": "pro", "country": "nl", "beta": true],
    ["beta": true],
  ]

  /// Every key's translation (or error), raw translation and trace in every context.
  static func answers(_ engine: Messagevisor, keys: Set<String>) -> [String] {
    var lines: [String] = []
    for context in contexts {
      engine.setContext(context, replace: true)
      for key in keys.sorted() {
        let text = Result { try engine.translate(key) }
        let raw = Result { try engine.getRawTranslation(key) }
        let trace = Result { try engine.traceTranslation(key) }
        lines.append("\(context) \(key): \(text) | \(raw) | \(trace)")
      }
    }
    return lines
  }

  static var allKeys: Set<String> {
    var keys = Set(before.translations.keys).union(before.messages.keys)
    keys.formUnion(after.translations.keys)
    keys.formUnion(after.messages.keys)
    keys.insert("never.there")
    return keys
  }

  /// An engine holding `datafile` (diagnostics dropped: the answers are compared instead).
  static func engine(_ datafile: DatafileContent) -> Messagevisor {
    createMessagevisor(MessagevisorOptions(datafile: datafile, onDiagnostic: { _ in }))
  }

  /// The store of `locale`, built now if no lookup built it yet.
  static func store(_ engine: Messagevisor, _ locale: String) -> LocaleStore? {
    engine.core.lock.lock()
    defer { engine.core.lock.unlock() }
    return engine.core.builtStoreLocked(locale)
  }

  @Test("an edited datafile set over the old one translates exactly like a fresh engine")
  func replacingUpdateEqualsAFreshStore() throws {
    let updated = Self.engine(Self.before)
    #expect(Self.answers(updated, keys: Self.allKeys).contains { $0.contains("Loses pro") })
    updated.setDatafile(Self.after, replace: true)
    let fresh = Self.engine(Self.after)
    let answers = Self.answers(updated, keys: Self.allKeys)
    #expect(answers == Self.answers(fresh, keys: Self.allKeys))
    // The edit is visible: the changed texts, the new override, the lost one.
    #expect(answers.contains { $0.contains("New pro") })
    #expect(answers.contains { $0.contains("Gains nl") })
    #expect(answers.contains { $0.contains("Added beta") })
    #expect(!answers.contains { $0.contains("Loses pro") })
    #expect(!answers.contains { $0.contains("Old pro") })
  }

  @Test("a merged update (replace: false) translates like a fresh engine given the merge")
  func mergingUpdateEqualsAFreshStore() throws {
    let updated = Self.engine(Self.before)
    var patch = makeDatafile(locale: "en")
    patch.translations = ["plain.edited": "Merged", "plain.new": "New"]
    patch.messages = Self.after.messages.filter { $0.key == "edited.override" }
    updated.setDatafile(patch)
    var merged = Self.before
    merged.translations.merge(patch.translations) { _, new in new }
    merged.messages.merge(patch.messages) { _, new in new }
    let fresh = Self.engine(merged)
    let keys = Self.allKeys.union(["plain.new"])
    #expect(Self.answers(updated, keys: keys) == Self.answers(fresh, keys: keys))
  }

  @Test("a changed segment recompiles every message that uses it")
  func changedSegmentsAreNotReused() throws {
    let engine = Self.engine(Self.before)
    engine.setContext(["plan": "pro"])
    #expect(try engine.translate("segment.override") == "Segment pro")
    var changed = Self.before
    changed.segments["pro"] = Segment(conditions: Self.plan("enterprise"))
    engine.setDatafile(changed, replace: true)
    #expect(try engine.translate("segment.override") == "Segment base")
    engine.setContext(["plan": "enterprise"], replace: true)
    #expect(try engine.translate("segment.override") == "Segment pro")
    let fresh = Self.engine(changed)
    #expect(Self.answers(engine, keys: Self.allKeys) == Self.answers(fresh, keys: Self.allKeys))
  }

  @Test("unchanged messages keep their compiled overrides; edited ones are compiled again")
  func unchangedMessagesAreReused() throws {
    let engine = Self.engine(Self.before)
    let old = try #require(Self.store(engine, "en"))
    engine.setDatafile(Self.after, replace: true)
    let new = try #require(Self.store(engine, "en"))
    #expect(old !== new)
    let oldKept = try #require(old.entry(for: "kept.override")?.message)
    let newKept = try #require(new.entry(for: "kept.override")?.message)
    #expect(oldKept === newKept)
    let oldEdited = try #require(old.entry(for: "edited.override")?.message)
    let newEdited = try #require(new.entry(for: "edited.override")?.message)
    #expect(oldEdited !== newEdited)
    #expect(Array(newEdited.overrideTranslations) == ["New pro"])
  }

  @Test("locales with the same keys share one key index; a locale with other keys has its own")
  func localesShareTheirKeyIndex() throws {
    let engine = createMessagevisor(MessagevisorOptions(onDiagnostic: { _ in }))
    var dutch = Self.before
    dutch.locale = "nl"
    dutch.translations = dutch.translations.mapValues { "nl " + $0 }
    var german = Self.before
    german.locale = "de"
    german.translations["only.german"] = "Nur Deutsch"
    engine.setDatafile(Self.before)
    engine.setDatafile(dutch)
    engine.setDatafile(german)
    let english = try #require(Self.store(engine, "en"))
    let nl = try #require(Self.store(engine, "nl"))
    let de = try #require(Self.store(engine, "de"))
    #expect(english.index === nl.index)
    #expect(de.index !== english.index)
    #expect(
      try engine.translate("plain.kept", options: TranslateOptions(locale: "nl")) == "nl Kept")
    #expect(try engine.translate("plain.kept", options: TranslateOptions(locale: "en")) == "Kept")
    #expect(
      try engine.translate("only.german", options: TranslateOptions(locale: "de")) == "Nur Deutsch")
    #expect(
      try engine.translate("meta.only", options: TranslateOptions(locale: "nl")) == "meta.only")
    // Every key of each locale answers as a fresh engine holding only that locale.
    for datafile in [Self.before, dutch, german] {
      let fresh = Self.engine(datafile)
      try engine.setLocale(datafile.locale)
      let keys = Self.allKeys.union(["only.german"])
      #expect(Self.answers(engine, keys: keys) == Self.answers(fresh, keys: keys))
    }
  }

  /// Whether the store of `locale` is built (without building it).
  static func isBuilt(_ engine: Messagevisor, _ locale: String) -> Bool {
    engine.core.lock.lock()
    defer { engine.core.lock.unlock() }
    return engine.core.stores[locale]?.built != nil
  }

  @Test("a stored datafile builds its store on the first lookup in its locale, not before")
  func storesAreBuiltOnFirstLookup() throws {
    let engine = Self.engine(Self.before)
    var dutch = Self.before
    dutch.locale = "nl"
    dutch.translations = dutch.translations.mapValues { "nl " + $0 }
    engine.setDatafile(dutch)
    #expect(!Self.isBuilt(engine, "en"))
    #expect(!Self.isBuilt(engine, "nl"))
    #expect(try engine.getDatafile(locale: "nl") == dutch)
    #expect(try engine.getRevision(locale: "nl") == dutch.revision)
    #expect(!Self.isBuilt(engine, "nl"))
    #expect(try engine.translate("plain.kept") == "Kept")
    #expect(Self.isBuilt(engine, "en"))
    #expect(!Self.isBuilt(engine, "nl"))
    #expect(
      try engine.translate("plain.kept", options: TranslateOptions(locale: "nl")) == "nl Kept")
    #expect(Self.isBuilt(engine, "nl"))
    // The second locale shares the first one's key index.
    let english = try #require(Self.store(engine, "en"))
    let nl = try #require(Self.store(engine, "nl"))
    #expect(english.index === nl.index)
  }

  @Test("datafiles replaced before any lookup still reuse the last built store's messages")
  func unbuiltReplacementsLendTheLastBuiltStore() throws {
    let engine = Self.engine(Self.before)
    let old = try #require(Self.store(engine, "en"))
    engine.setDatafile(Self.before, replace: true)
    engine.setDatafile(Self.after, replace: true)
    #expect(!Self.isBuilt(engine, "en"))
    let new = try #require(Self.store(engine, "en"))
    let oldKept = try #require(old.entry(for: "kept.override")?.message)
    let newKept = try #require(new.entry(for: "kept.override")?.message)
    #expect(oldKept === newKept)
    let fresh = Self.engine(Self.after)
    #expect(Self.answers(engine, keys: Self.allKeys) == Self.answers(fresh, keys: Self.allKeys))
  }
}
