import Foundation
import ReRune
import TestSupport
import Testing

/// Catalogs with every construct malformed: each bad entry is one diagnostic with key, locale and
/// file:line, the good entries are applied, nothing crashes. Only a non-catalog is rejected whole.
@Suite("String Catalogs with bad entries")
struct CatalogBadInputTests {
  typealias W = XcodeCatalogWriter

  static func read(_ text: String, locale: String = "de") throws -> (
    entries: [String: CatalogEntry], diagnostics: [CatalogDiagnostic]
  ) {
    try read(Data(text.utf8), locale: locale)
  }

  static func read(_ data: Data, locale: String = "de") throws -> (
    entries: [String: CatalogEntry], diagnostics: [CatalogDiagnostic]
  ) {
    let document = try XCStringsDocument.parse(data, file: "Bad.xcstrings")
    let read = try #require(
      try document.entries(forLocale: locale, options: .init(invalidEntries: .skip)))
    return (read.entries, read.diagnostics)
  }

  static func localization(_ json: XcodeJSON) -> String {
    W.catalog(strings: [
      "good": W.entry(localizations: ["de": W.unit("Gut")]),
      "bad": W.entry(localizations: ["de": json, "en": W.unit("Fine")]),
    ])
  }

  static let cases: [(name: String, localization: XcodeJSON, reason: String)] = [
    ("missing other", W.plural(["one": "%lld Datei"]), "no 'other' form"),
    (
      "unknown category", W.plural(["lots": "%lld", "other": "%lld"]),
      "unknown plural category 'lots'"
    ),
    (
      "argNum out of range",
      W.substituted(
        "%#@n@", substitutions: ["n": W.substitution(argNum: 0, forms: ["other": "%arg"])]),
      "must be an integer in 1...99"
    ),
    (
      "argNum with a conflicting type",
      W.substituted(
        "%1$@ %#@n@", substitutions: ["n": W.substitution(argNum: 1, forms: ["other": "%arg"])]),
      "conflicting types"
    ),
    (
      "formatSpecifier that is not a number",
      W.substituted(
        "%#@n@",
        substitutions: ["n": W.substitution(argNum: 1, formatSpecifier: "@", forms: ["other": "x"])]
      ),
      "not a number specifier"
    ),
    ("wrong specifier type", W.unit("%1$lld and %1$@"), "conflicting types"),
    ("unsupported specifier", W.unit("%n"), "not a supported format specifier"),
    (
      "cycle in substitutions",
      W.substituted(
        "%#@a@",
        substitutions: [
          "a": W.substitution(argNum: 1, forms: ["other": "%#@b@"]),
          "b": W.substitution(argNum: 2, forms: ["other": "%#@a@"]),
        ]),
      "refers to itself"
    ),
    (
      "undefined substitution", W.unit("%#@nowhere@"), "has no definition"
    ),
    (
      "device variation that is not an object", W.device(["iphone": .string("x")]),
      "must be an object"
    ),
    ("no string unit", .object(["comment": .string("x")]), "needs a \"stringUnit\""),
  ]

  @Test(arguments: cases.indices)
  func eachMalformedConstructIsOneDiagnostic(index: Int) throws {
    let item = Self.cases[index]
    let text = Self.localization(item.localization)
    let read = try Self.read(text)
    #expect(read.entries.keys.sorted() == ["good"], "\(item.name)")
    #expect(read.diagnostics.count == 1, "\(item.name): \(read.diagnostics)")
    let note = try #require(read.diagnostics.first)
    #expect(note.key == "bad" && note.locale == "de", "\(item.name)")
    #expect(note.message.contains(item.reason), "\(item.name): \(note.message)")
    #expect(note.file == "Bad.xcstrings" && (note.line ?? 0) > 1, "\(item.name)")
    #expect(note.message.hasPrefix("Bad.xcstrings:\(note.line ?? 0):"), "\(note.message)")
    // The English localization of the same entry is fine and unaffected.
    #expect(try Self.read(text, locale: "en").entries["bad"]?.value == "Fine")
  }

  @Test func tenThousandSubstitutionsAreOneDiagnostic() throws {
    var substitutions: [String: XcodeJSON] = [:]
    for index in 0..<10_000 {
      substitutions["s\(index)"] = W.substitution(argNum: 1, forms: ["other": "%arg"])
    }
    let text = Self.localization(W.substituted("%#@s0@", substitutions: substitutions))
    let read = try Self.read(text)
    #expect(read.entries.keys.sorted() == ["good"])
    #expect(read.diagnostics.first?.message.contains("10000 substitutions") == true)
  }

  @Test func deeplyNestedSubstitutionsStopAtTheLimit() throws {
    var substitutions: [String: XcodeJSON] = [:]
    for index in 0..<12 {
      substitutions["s\(index)"] = W.substitution(
        argNum: index + 1, forms: ["one": "x", "other": "%#@s\(index + 1)@"])
    }
    substitutions["s12"] = W.substitution(argNum: 13, forms: ["other": "%arg"])
    let read = try Self.read(
      Self.localization(W.substituted("%#@s0@", substitutions: substitutions)))
    #expect(read.entries.keys.sorted() == ["good"])
    #expect(read.diagnostics.first?.message.contains("nested more than") == true)
  }

  @Test func invalidUTF8SkipsOnlyTheEntryThatHoldsIt() throws {
    let text = W.catalog(strings: [
      "good": W.entry(localizations: ["de": W.unit("Gut")]),
      "bad": W.entry(localizations: ["de": W.unit("BROKEN")]),
    ])
    var bytes = [UInt8](text.utf8)
    let marker = [UInt8]("BROKEN".utf8)
    let start = try #require(
      (0...(bytes.count - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker })
    bytes.replaceSubrange(start..<start + 2, with: [0xC3, 0x28])  // an invalid two-byte sequence
    let read = try Self.read(Data(bytes))
    #expect(read.entries.keys.sorted() == ["good"])
    let note = try #require(read.diagnostics.first)
    #expect(note.key == "bad" && note.message.contains("invalid UTF-8"))
    #expect(
      note.line == text.split(separator: "\n").firstIndex { $0.contains("BROKEN") }.map { $0 + 1 })
  }

  @Test(arguments: [
    ("{\"strings\": ", "invalid JSON"),
    ("[1, 2]", "must be a JSON object"),
    ("{\"strings\": []}", "\"strings\" must be an object"),
    ("{\"sourceLanguage\": \"en\"}", "missing \"strings\""),
  ])
  func onlyANonCatalogIsRejectedWhole(text: String, reason: String) {
    #expect {
      _ = try XCStringsDocument.parse(Data(text.utf8), file: "x.xcstrings")
    } throws: { error in
      "\(error)".contains(reason)
    }
  }

  @Test func entriesThatAreNotObjectsAreDiagnosticsNotFailures() throws {
    let text = """
      {"sourceLanguage": "en", "strings": {
        "a": 3,
        "b": {"localizations": []},
        "c": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "C"}}}}
      }}
      """
    let read = try Self.read(text)
    #expect(read.entries.keys.sorted() == ["c"])
    #expect(read.diagnostics.map(\.key) == ["a", "b"])
    #expect(read.diagnostics.map(\.line) == [2, 3])
  }

  @Test func tooManyEntriesIsOverTheLimit() {
    let text = W.catalog(strings: [
      "a": W.entry(localizations: [:]), "b": W.entry(localizations: [:]),
    ])
    #expect(throws: CatalogError.self) {
      _ = try XCStringsDocument.parse(Data(text.utf8), file: "x", maxEntries: 1)
    }
  }
}
