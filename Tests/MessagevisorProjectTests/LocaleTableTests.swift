import Foundation
import Messagevisor
import TestSupport
import Testing

@testable import MessagevisorProject

/// `LocaleTable` answers as the `[String: String]` it replaces and shares its codes.
@Suite struct LocaleTableTests {
  /// A deterministic generator (a linear congruential one) for the random walk.
  struct Steps {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  @Test(arguments: [3, 12, 40])
  func setsRemovalsAndLookupsAnswerAsADictionaryDoes(codeCount: Int) {
    let codes = (0..<codeCount).map { "l\($0)" }
    var table = LocaleTable<String>()
    var dictionary: [String: String] = [:]
    var steps = Steps(state: UInt64(codeCount))
    for step in 0..<2_000 {
      let code = codes[steps.next(codes.count)]
      if steps.next(4) == 0 {
        #expect(table.removeValue(forKey: code) == dictionary.removeValue(forKey: code))
      } else {
        table[code] = "t\(step)"
        dictionary[code] = "t\(step)"
      }
      let probe = codes[steps.next(codes.count)]
      #expect(table[probe] == dictionary[probe])
      #expect(table.count == dictionary.count)
    }
    #expect(table.dictionary == dictionary)
    #expect(Set(table.keys) == Set(dictionary.keys))
    #expect(table == LocaleTable(dictionary))
    for (code, text) in table { #expect(dictionary[code] == text) }
  }

  @Test func equalityIgnoresOrderButNotValues() {
    let written: LocaleTable<String> = ["en": "Hi", "nl": "Hoi", "de": "Hallo"]
    let reordered: LocaleTable<String> = ["de": "Hallo", "en": "Hi", "nl": "Hoi"]
    #expect(written == reordered)
    #expect(written != ["en": "Hi", "nl": "Hoi", "de": "Servus"])
    #expect(written != ["en": "Hi", "nl": "Hoi"])
    #expect(written.keys == ["en", "nl", "de"])
  }

  @Test func aRepeatedCodeKeepsTheLastValueAtItsFirstPosition() {
    let table = LocaleTable<String>(ordered: [("en", "a"), ("nl", "b"), ("en", "c")])
    #expect(table.keys == ["en", "nl"])
    #expect(table["en"] == "c")
    #expect(table.count == 2)
  }

  @Test func filterAndMapValuesKeepTheTableShape() {
    let table: LocaleTable<String> = ["en": "Hi", "nl": "", "de": "Hallo"]
    let kept = table.filter { !$0.value.isEmpty }
    #expect(kept.keys == ["en", "de"])
    #expect(table.mapValues(\.count) == ["en": 2, "nl": 0, "de": 5])
  }

  @Test func codesCompareAsStringsDo() {
    // The same text in two normalization forms: a dictionary finds one with the other.
    let composed = "\u{E9}x"
    let decomposed = "e\u{301}x"
    let small: LocaleTable<String> = [composed: "one"]
    #expect(small[decomposed] == "one")
    let large = LocaleTable<String>(
      ordered: (0..<20).map { ("l\($0)", "\($0)") } + [(composed, "one")])
    #expect(large[decomposed] == "one")
  }

  @Test func messagesWithTheSameLocalesShareOneCodeList() throws {
    let fixture = TempProject.minimal()
    let locales = (0..<12).map { "x\($0)" }
    for locale in locales { fixture.write("locales/\(locale).yml", "description: \(locale)\n") }
    for index in 0..<3 {
      fixture.write(
        "messages/m\(index).yml",
        "translations:\n" + locales.map { "  \($0): \"t\(index)\"\n" }.joined())
    }
    let project = try ProjectLoader().load(path: fixture.path)
    let tables = try (0..<3).map { try #require(project.messages["m\($0)"]?.translations) }
    #expect(tables[0].codes === tables[1].codes)
    #expect(tables[1].codes === tables[2].codes)
    #expect(tables[2]["x11"] == "t2")
    let locations = try #require(project.messages["m0"]?.translationLocations)
    #expect(locations.codes === tables[0].codes)
  }

  /// Locations one per line, `code: text`, as a loader reads them.
  static func lineByLine(_ codes: [String], file: String = "messages/a.yml", from line: Int = 3)
    -> [MessagevisorProject.SourceLocation]
  {
    codes.enumerated().map { position, code in
      MessagevisorProject.SourceLocation(
        file: file, line: line + position, column: 3 + code.utf8.count + 2)
    }
  }

  @Test func locationsOnePerLineKeepOnlyTheFirstAndReadBackTheSame() {
    let codes = ["en-US", "ar", "zh-Hans", "nl"]
    let locations = Self.lineByLine(codes)
    let table = LocaleTable(ordered: zip(codes, locations)).compacted()
    #expect(table.isDerived)
    #expect(table.storage.count == 1)
    #expect(table.count == 4)
    #expect(Array(table.values) == locations)
    for (code, location) in zip(codes, locations) { #expect(table[code] == location) }
    #expect(table.map(\.value) == locations)
    #expect(table == LocaleTable(ordered: zip(codes, locations)))
    #expect(table.mapValues(\.line) == LocaleTable(ordered: zip(codes, [3, 4, 5, 6])))
    #expect(table.dictionary["zh-Hans"] == locations[2])
    // A change gives a plain table with the change in it.
    var changed = table
    changed["ar"] = MessagevisorProject.SourceLocation(file: "messages/b.yml", line: 9, column: 1)
    #expect(!changed.isDerived)
    #expect(changed["ar"]?.file == "messages/b.yml")
    #expect(changed["nl"] == locations[3])
    changed["nl"] = nil
    #expect(changed.keys == ["en-US", "ar", "zh-Hans"])
    #expect(table["ar"] == locations[1], "the original is unchanged")
  }

  @Test func locationsThatDoNotFollowOneAnotherAreKeptAsWritten() {
    let codes = ["en", "nl", "de"]
    var skipped = Self.lineByLine(codes)
    skipped[2].line += 1  // a block scalar above it
    var moved = Self.lineByLine(codes)
    moved[1].column += 1  // quoted differently
    var elsewhere = Self.lineByLine(codes)
    elsewhere[1].file = "messages/other.yml"
    for locations in [skipped, moved, elsewhere] {
      let table = LocaleTable(ordered: zip(codes, locations)).compacted()
      #expect(!table.isDerived)
      #expect(Array(table.values) == locations)
    }
  }

  /// The message `auth.signin` of a minimal project whose file for it holds `yaml`.
  static func loadedSignIn(_ yaml: String) throws -> ProjectMessage {
    let project = TempProject.minimal()
    project.write("messages/auth/signin.yml", yaml)
    let loaded = try ProjectLoader().load(path: project.path)
    return try #require(loaded.messages["auth.signin"])
  }

  @Test func aLoadedMessageKeepsItsLocationsAsItsFirstOne() throws {
    let message = try Self.loadedSignIn("translations:\n  en: Sign in\n  nl: \"Inloggen\"\n")
    #expect(message.translationLocations.isDerived)
    #expect(
      message.translationLocations["nl"]
        == MessagevisorProject.SourceLocation(file: "messages/auth/signin.yml", line: 3, column: 7))
  }

  @Test func aPackedTableAnswersAsTheTableItWasMadeFrom() {
    let codes = (0..<40).map { "l\($0)" }
    let texts = codes.map { "A translation in \($0) that is longer than fifteen bytes" }
    let table = LocaleTable(ordered: zip(codes, texts))
    let packed = table.packedTexts()
    #expect(packed.packed != nil)
    #expect(packed.storage.isEmpty)
    #expect(packed == table)
    #expect(table == packed)
    #expect(packed.keys == table.keys)
    #expect(Array(packed.values) == Array(table.values))
    #expect(packed.dictionary == table.dictionary)
    for code in codes { #expect(packed[code] == table[code]) }
    #expect(packed["missing"] == nil)
    #expect(Array(packed.map(\.value)) == texts)
    #expect(packed.packedTexts().packed?.isSame(as: packed.packed!) == true)
    #expect(LocaleTable<String>().packedTexts().packed == nil)
  }

  @Test func changingAPackedTableUnpacksItAndKeepsEveryOtherText() {
    let packed = LocaleTable(ordered: [("en", "Sign in"), ("nl", "Inloggen"), ("de", "Anmelden")])
      .packedTexts()
    var changed = packed
    changed["nl"] = "Aanmelden"
    #expect(changed.packed == nil)
    #expect(changed.dictionary == ["en": "Sign in", "nl": "Aanmelden", "de": "Anmelden"])
    #expect(packed["nl"] == "Inloggen", "the original is unchanged")
    var removed = packed
    removed["en"] = nil
    #expect(removed.dictionary == ["nl": "Inloggen", "de": "Anmelden"])
    var added = packed
    added["fr"] = "Se connecter"
    #expect(added.count == 4)
    #expect(added["de"] == "Anmelden")
  }

  @Test func packedTablesCompareTextsAsStringsDo() {
    let composed = LocaleTable(ordered: [("en", "caf\u{E9}"), ("nl", "koffie")]).packedTexts()
    let decomposed = LocaleTable(ordered: [("en", "cafe\u{301}"), ("nl", "koffie")]).packedTexts()
    #expect(composed == decomposed)
    let other = LocaleTable(ordered: [("en", "caf\u{E9}"), ("nl", "thee")]).packedTexts()
    #expect(composed != other)
  }

  @Test func aLoadedMessageKeepsItsTextsPacked() throws {
    let message = try Self.loadedSignIn(
      "translations:\n  en: Sign in to your account\n  nl: \"Inloggen bij je account\"\n")
    #expect(message.translations.packed != nil)
    #expect(message.translations["nl"] == "Inloggen bij je account")
  }
}
