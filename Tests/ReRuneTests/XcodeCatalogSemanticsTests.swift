import Foundation
import Messagevisor
import MessagevisorICU
import ReRune
import TestSupport
import Testing

/// Every String Catalog construct, each in a catalog written the way Xcode writes it
/// (``XcodeCatalogWriter``), rendered through the bridge and the engine as the app renders it.
@Suite("String Catalogs with Xcode's semantics")
struct XcodeCatalogSemanticsTests {
  typealias W = XcodeCatalogWriter

  static func catalog(_ strings: [String: XcodeJSON], source: String = "en") -> String {
    W.catalog(sourceLanguage: source, strings: strings)
  }

  static func read(
    _ text: String, locale: String, device: String = "other",
    policy: CatalogStatePolicy = .xcode
  ) throws -> (entries: [String: CatalogEntry], diagnostics: [CatalogDiagnostic]) {
    let document = try XCStringsDocument.parse(Data(text.utf8), file: "Localizable.xcstrings")
    let read = try #require(
      try document.entries(
        forLocale: locale,
        options: .init(device: device, invalidEntries: .skip, statePolicy: policy)))
    return (read.entries, read.diagnostics)
  }

  static func render(
    _ text: String, locale: String, key: String, args: [MessagevisorValue] = [],
    device: String = "other", policy: CatalogStatePolicy = .xcode
  ) throws -> String {
    let read = try read(text, locale: locale, device: device, policy: policy)
    #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
    let engine = createMessagevisor(
      MessagevisorOptions(locale: locale, modules: [createICUModule()]))
    let bridge = ReRuneMessagevisorBridge(engine: engine)
    bridge.applyOverlays([locale: read.entries], revision: 1)
    var values: MessagevisorValues = [:]
    for (index, value) in args.enumerated() { values["arg\(index + 1)"] = value }
    return try bridge.translate(key, values: values, locale: locale)
  }

  @Test func theWriterWritesXcodesLayout() {
    let text = Self.catalog(["Hello": W.entry(localizations: ["de": W.unit("Hallo")])])
    #expect(
      text == """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Hello" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Hallo"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """)
  }

  @Test func stringUnitsWithCommentsAndExtractionStates() throws {
    let text = Self.catalog([
      "title": W.entry(
        comment: "The title", extractionState: "extracted_with_value",
        localizations: ["en": W.unit("Welcome"), "de": W.unit("Willkommen")]),
      "empty": W.entry(localizations: ["de": W.unit("")]),
      "declared": W.entry(extractionState: "stale", localizations: [:]),
    ])
    #expect(try Self.render(text, locale: "de", key: "title") == "Willkommen")
    #expect(try Self.read(text, locale: "de").entries["empty"]?.value == "")
    #expect(try Self.read(text, locale: "de").entries["declared"] == nil)
  }

  @Test(arguments: [
    (0, "zero 0"), (1, "one 1"), (2, "two 2"), (3, "few 3"), (11, "many 11"), (100, "other 100"),
  ])
  func pluralVariationsUseEveryCLDRCategory(count: Int, expected: String) throws {
    let forms = Dictionary(
      uniqueKeysWithValues: ["zero", "one", "two", "few", "many", "other"].map {
        ($0, "\($0) %lld")
      })
    let text = Self.catalog(["n": W.entry(localizations: ["ar": W.plural(forms)])])
    let rendered = try Self.render(text, locale: "ar", key: "n", args: [.int(count)])
    // Arabic digits may be used by the locale's number format; compare the category word.
    #expect(rendered.hasPrefix(expected.split(separator: " ")[0]), "\(rendered)")
  }

  @Test func zeroIsTheValueZeroInEnglishAndTheCLDRCategoryInLatvian() throws {
    let text = Self.catalog([
      "files": W.entry(localizations: [
        "en": W.plural(["zero": "No files", "one": "%lld file", "other": "%lld files"]),
        "lv": W.plural(["zero": "%lld failu", "one": "%lld fails", "other": "%lld faili"]),
      ])
    ])
    #expect(try Self.render(text, locale: "en", key: "files", args: [0]) == "No files")
    #expect(try Self.render(text, locale: "en", key: "files", args: [1]) == "1 file")
    #expect(try Self.render(text, locale: "en", key: "files", args: [10]) == "10 files")
    // Latvian: zero is a CLDR category (0, 10–20, 30, …), as Foundation applies it.
    #expect(try Self.render(text, locale: "lv", key: "files", args: [10]) == "10 failu")
    #expect(try Self.render(text, locale: "lv", key: "files", args: [21]) == "21 fails")
    let en = try Self.read(text, locale: "en").entries["files"]
    #expect(en?.icuMessage.contains("=0 {No files}") == true)
    let lv = try Self.read(text, locale: "lv").entries["files"]
    #expect(lv?.icuMessage.contains("zero {# failu}") == true)
  }

  static let deviceCatalog = catalog([
    "tap": W.entry(localizations: [
      "en": W.device([
        "iphone": W.unit("Tap"), "ipad": W.unit("Tap (iPad)"), "mac": W.unit("Click"),
        "applevision": W.unit("Look"),
      ])
    ]),
    "open": W.entry(localizations: [
      "en": W.device(["mac": W.unit("Click to open"), "other": W.unit("Tap to open")])
    ]),
  ])

  @Test(arguments: [
    ("other", "Tap", "Tap to open"), ("iphone", "Tap", "Tap to open"),
    ("ipad", "Tap (iPad)", "Tap to open"), ("mac", "Click", "Click to open"),
    ("applevision", "Look", "Tap to open"), ("applewatch", "Tap", "Tap to open"),
  ])
  func deviceVariationsWithoutOtherFollowTheFallbackOrder(
    device: String, tap: String, open: String
  ) throws {
    #expect(try Self.render(Self.deviceCatalog, locale: "en", key: "tap", device: device) == tap)
    #expect(try Self.render(Self.deviceCatalog, locale: "en", key: "open", device: device) == open)
  }

  static let followers = catalog([
    "%lld %@ followers": W.entry(localizations: [
      "en": W.substituted(
        "%#@followers@",
        substitutions: [
          "followers": W.substitution(
            argNum: 1, forms: ["one": "%2$@ Follower", "other": "%2$@ Followers"])
        ]),
      "ko": W.unit("%2$@ 팔로워"),
      "de": W.substituted(
        "%#@followers@",
        substitutions: [
          "followers": W.substitution(
            argNum: 1, forms: ["one": "%2$@ Follower", "other": "%2$@ Follower:innen"])
        ]),
    ])
  ])

  @Test func aSubstitutionWhoseSelectorIsNotPrinted() throws {
    let key = "%lld %@ followers"
    #expect(
      try Self.render(Self.followers, locale: "en", key: key, args: [1, "Ana"]) == "Ana Follower")
    #expect(
      try Self.render(Self.followers, locale: "en", key: key, args: [5, "Ana"]) == "Ana Followers")
    #expect(
      try Self.render(Self.followers, locale: "de", key: key, args: [5, "Ana"])
        == "Ana Follower:innen")
    #expect(try Self.render(Self.followers, locale: "ko", key: key, args: [5, "Ana"]) == "Ana 팔로워")
    #expect(
      try Self.read(Self.followers, locale: "ko").entries[key]?.arguments == [.unused, .object])
    #expect(
      try Self.read(Self.followers, locale: "en").entries[key]?.arguments == [.integer, .object])
  }

  @Test func severalSubstitutionsWithArgNumFormatSpecifierAndArg() throws {
    let text = Self.catalog([
      "summary": W.entry(localizations: [
        "en": W.substituted(
          "%@! There %#@total@ and you have %#@remaining@ left (%#@ratio@)",
          substitutions: [
            "total": W.substitution(
              argNum: 2, forms: ["one": "is %arg string", "other": "are %arg strings"]),
            "remaining": W.substitution(argNum: 3, forms: ["other": "%arg"]),
            "ratio": W.substitution(
              argNum: 4, formatSpecifier: ".1f",
              forms: ["one": "%arg point", "other": "%arg points"]),
          ])
      ])
    ])
    #expect(
      try Self.render(text, locale: "en", key: "summary", args: ["Hi", 1, 1200, 2.26])
        == "Hi! There is 1 string and you have 1,200 left (2.3 points)")
    #expect(
      try Self.read(text, locale: "en").entries["summary"]?.arguments
        == [.object, .integer, .integer, .double])
  }

  @Test(
    arguments: [
      ("%@ and %s", ["x", "y"], "x and y"),
      ("%d %i %u %ld %lld %lu", [1, -2, 3, 4, 5, 6], "1 -2 3 4 5 6"),
      ("%f|%.2f|%.0f", [3.14159, 3.14159, 2.4], "3.141590|3.14|2"),
      ("%c%c", ["O", "K"], "OK"),
      ("100%% of %@", ["it"], "100% of it"),
      ("%2$@ before %1$@", ["first", "second"], "second before first"),
      ("%1$@, I repeat: %1$@", ["hello"], "hello, I repeat: hello"),
      ("%5.1f|%-4d|%+d", [2.26, 7, 3], "2.3|7|3"),
      ("%e %g", [1.5, 0.25], "1.5 0.25"),
    ] as [(String, [MessagevisorValue], String)])
  func formatSpecifiers(format: String, args: [MessagevisorValue], expected: String) throws {
    let text = Self.catalog(["k": W.entry(localizations: ["en": W.unit(format)])])
    #expect(try Self.render(text, locale: "en", key: "k", args: args) == expected)
  }

  @Test func characterArgumentsAreCharacters() throws {
    let entry = try CatalogEntry.fromFormat("Grade %c")
    #expect(entry.arguments == [.character])
    #expect(entry.icuMessage == "Grade {arg1}")
  }

  @Test func shouldTranslateFalseServesTheSourceTextEverywhere() throws {
    let text = Self.catalog([
      "brand": W.entry(
        shouldTranslate: false,
        localizations: ["en": W.unit("ReRune"), "de": W.unit("ReRun (falsch)")]),
      "untranslated": W.entry(shouldTranslate: false, localizations: [:]),
    ])
    #expect(try Self.render(text, locale: "de", key: "brand") == "ReRune")
    #expect(try Self.render(text, locale: "en", key: "brand") == "ReRune")
    #expect(try Self.read(text, locale: "de").entries["untranslated"] == nil)
  }

  static let states = catalog([
    "a": W.entry(localizations: ["de": W.unit("A", state: "translated")]),
    "b": W.entry(localizations: ["de": W.unit("B", state: "needs_review")]),
    "c": W.entry(localizations: ["de": W.unit("C", state: "stale")]),
    "d": W.entry(localizations: ["de": W.unit("D", state: "new")]),
    "p": W.entry(localizations: [
      "de": .object([
        "variations": .object([
          "plural": .object([
            "one": W.unit("%lld Datei", state: "translated"),
            "other": W.unit("%lld Dateien", state: "needs_review"),
          ])
        ])
      ])
    ]),
  ])

  @Test(arguments: [
    (CatalogStatePolicy.xcode, ["a", "b", "c", "d", "p"]),
    (CatalogStatePolicy.excludingNew, ["a", "b", "c", "p"]),
    (CatalogStatePolicy.reviewed, ["a"]),
    (CatalogStatePolicy(parsing: "translated,stale")!, ["a", "c"]),
  ])
  func statesFollowTheServingPolicy(policy: CatalogStatePolicy, served: [String]) throws {
    let read = try Self.read(Self.states, locale: "de", policy: policy)
    #expect(read.entries.keys.sorted() == served)
    let withheld = Set(["a", "b", "c", "d", "p"]).subtracting(served)
    #expect(Set(read.diagnostics.map(\.key)) == withheld)
    #expect(read.diagnostics.allSatisfy { $0.reason == .withheld && $0.line != nil })
    #expect(read.entries["b"].map { $0.state == "needs_review" } ?? true)
  }

  @Test func stringsdictNestedVariablesAndValueTypes() throws {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>files_in_folders</key>
      \t<dict>
      \t\t<key>NSStringLocalizedFormatKey</key>
      \t\t<string>%#@files@</string>
      \t\t<key>files</key>
      \t\t<dict>
      \t\t\t<key>NSStringFormatSpecTypeKey</key>
      \t\t\t<string>NSStringPluralRuleType</string>
      \t\t\t<key>NSStringFormatValueTypeKey</key>
      \t\t\t<string>d</string>
      \t\t\t<key>one</key>
      \t\t\t<string>%d file in %#@folders@</string>
      \t\t\t<key>other</key>
      \t\t\t<string>%d files in %#@folders@</string>
      \t\t</dict>
      \t\t<key>folders</key>
      \t\t<dict>
      \t\t\t<key>NSStringFormatSpecTypeKey</key>
      \t\t\t<string>NSStringPluralRuleType</string>
      \t\t\t<key>NSStringFormatValueTypeKey</key>
      \t\t\t<string>d</string>
      \t\t\t<key>zero</key>
      \t\t\t<string>no folder</string>
      \t\t\t<key>one</key>
      \t\t\t<string>%d folder</string>
      \t\t\t<key>other</key>
      \t\t\t<string>%d folders</string>
      \t\t</dict>
      \t</dict>
      </dict>
      </plist>
      """
    let catalog = try StringsDictReader.read(
      Data(plist.utf8), file: "Localizable.stringsdict", locale: "en")
    let entry = try #require(catalog.locales["en"]?["files_in_folders"])
    #expect(entry.arguments == [.integer, .integer])
    let engine = createMessagevisor(MessagevisorOptions(locale: "en", modules: [createICUModule()]))
    let bridge = ReRuneMessagevisorBridge(
      engine: engine, base: ReRuneMessagevisorBridge.baseDatafiles(from: [catalog]))
    #expect(
      try bridge.translate("files_in_folders", values: ["arg1": 3, "arg2": 1], locale: "en")
        == "3 files in 1 folder")
    #expect(
      try bridge.translate("files_in_folders", values: ["arg1": 1, "arg2": 0], locale: "en")
        == "1 file in no folder")
  }

  @Test func aBrokenKoreanEntryDoesNotTouchOtherLocales() throws {
    let text = Self.catalog([
      "ok": W.entry(localizations: ["de": W.unit("Gut"), "ko": W.unit("좋아요")]),
      "bad": W.entry(localizations: ["de": W.unit("%lld Dinge"), "ko": W.unit("%1$lld %1$@")]),
    ])
    let de = try Self.read(text, locale: "de")
    #expect(de.diagnostics.isEmpty)
    #expect(de.entries.keys.sorted() == ["bad", "ok"])
    let ko = try Self.read(text, locale: "ko")
    #expect(ko.entries.keys.sorted() == ["ok"])
    let note = try #require(ko.diagnostics.first)
    #expect(note.key == "bad" && note.locale == "ko" && note.reason == .invalid)
    #expect(note.file == "Localizable.xcstrings")
    // The line of the Korean value in Xcode's layout.
    let line = text.split(separator: "\n", omittingEmptySubsequences: false)
      .firstIndex { $0.contains("%1$lld %1$@") }.map { $0 + 1 }
    #expect(note.line == line)
    #expect(note.message.contains("Localizable.xcstrings:\(line ?? 0):"))
    #expect(note.message.contains("conflicting types"))
  }
}
