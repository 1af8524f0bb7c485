import Foundation
import Testing

@testable import Messagevisor

/// `setDatafile(replace:)` with a datafile that differs from the stored one in a few messages
/// patches the locale's store (reusing its key index and unchanged entries) instead of building it
/// again: the patched store must answer exactly like a fresh one.
@Suite("LocaleStore: patching the store of a replaced datafile")
struct LocaleStorePatchTests {
  static func content(
    translations: [String: String], messages: [String: DatafileMessage] = [:],
    segments: [String: Segment] = [:]
  ) -> DatafileContent {
    DatafileContent(
      messagevisorVersion: "1", target: "t", locale: "en", segments: segments, messages: messages,
      translations: translations)
  }

  static let override = DatafileMessage(
    overrides: [MessageOverride(key: "pro", segments: .key("pro"), translation: "Pro text")])
  static let segments: [String: Segment] = [
    "pro": Segment(
      conditions: .predicate(
        ConditionPredicate(attribute: "plan", operator: .equals, value: "pro", regexFlags: nil)))
  ]

  /// Every key of either store answers the same through both lookups.
  static func expectSame(_ patched: LocaleStore, _ fresh: LocaleStore, keys: [String]) {
    #expect(patched.entries.count == fresh.entries.count)
    for key in keys {
      #expect(patched.plainTranslation(key) == fresh.plainTranslation(key), "\(key)")
      #expect(patched.entry(for: key)?.translation == fresh.entry(for: key)?.translation, "\(key)")
      #expect(patched.entry(for: key)?.message == fresh.entry(for: key)?.message, "\(key)")
      #expect(
        patched.entry(for: key)?.overrides.count == fresh.entry(for: key)?.overrides.count, "\(key)"
      )
    }
  }

  @Test func changedTranslationsAndMetadataArePatchedTheRestIsReused() {
    var translations: [String: String] = [:]
    for index in 0..<200 { translations["key\(index)"] = "Text \(index)" }
    let before = Self.content(
      translations: translations, messages: ["key5": Self.override, "metaOnly": DatafileMessage()],
      segments: Self.segments)
    let previous = LocaleStore(before)
    var edited = translations
    edited["key7"] = "Edited 7"
    let after = Self.content(
      translations: edited,
      messages: [
        "key5": DatafileMessage(deprecated: true), "key9": Self.override,
        "metaOnly": DatafileMessage(meta: ["a": 1]),
      ], segments: Self.segments)
    let patched = LocaleStore.make(after, reusing: previous)
    #expect(patched.index === previous.index, "the key index was built again")
    #expect(patched.entry(for: "key1") === previous.entry(for: "key1"))
    #expect(patched.entry(for: "key7") !== previous.entry(for: "key7"))
    Self.expectSame(
      patched, LocaleStore(after), keys: Array(edited.keys) + ["metaOnly", "absent"])
    #expect(patched.plainTranslation("key7") == "Edited 7")
    #expect(patched.plainTranslation("key5") == nil)
    #expect(patched.entry(for: "key9")?.overrides.count == 1)
  }

  @Test func otherKeysOrSegmentsBuildTheStoreAgain() {
    let before = Self.content(
      translations: ["a": "A", "b": "B"], messages: ["x": DatafileMessage()])
    let previous = LocaleStore(before)
    let cases = [
      // A key renamed: same count, other set.
      Self.content(translations: ["a": "A", "c": "B"], messages: ["x": DatafileMessage()]),
      // A metadata-only key replaced by metadata on a translated key (the count trap).
      Self.content(translations: ["a": "A", "b": "B"], messages: ["b": DatafileMessage()]),
      // A key added.
      Self.content(
        translations: ["a": "A", "b": "B", "d": "D"], messages: ["x": DatafileMessage()]),
      // Segments changed.
      Self.content(
        translations: ["a": "A", "b": "B"], messages: ["x": DatafileMessage()],
        segments: Self.segments),
    ]
    for content in cases {
      let store = LocaleStore.make(content, reusing: previous)
      #expect(store.index !== previous.index)
      Self.expectSame(store, LocaleStore(content), keys: ["a", "b", "c", "d", "x", "absent"])
    }
  }

  @Test func theEngineTranslatesTheReplacedDatafile() throws {
    let engine = createMessagevisor(
      MessagevisorOptions(
        datafile: Self.content(
          translations: ["title": "Title", "other": "Other"], messages: ["title": Self.override],
          segments: Self.segments), context: ["plan": "pro"]))
    #expect(try engine.translate("title") == "Pro text")
    engine.setDatafile(
      Self.content(
        translations: ["title": "Title", "other": "Changed"], messages: [:],
        segments: Self.segments), replace: true)
    #expect(try engine.translate("title") == "Title")
    #expect(try engine.translate("other") == "Changed")
  }
}
