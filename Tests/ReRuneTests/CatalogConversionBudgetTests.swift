import Foundation
import TestSupport
import Testing

@testable import ReRune

/// A catalog's conversion is bounded as a whole, in proportion to its size: entries that are small
/// but expand (nested substitutions referenced many times) cannot make a small payload cost minutes
/// of CPU and hundreds of megabytes, and the work is that of building the output once.
@Suite("Catalog conversion budget")
struct CatalogConversionBudgetTests {
  typealias W = XcodeCatalogWriter

  static func document(_ text: String) throws -> XCStringsDocument {
    try XCStringsDocument.parse(Data(text.utf8), file: "Budget.xcstrings")
  }

  static let skip = XCStringsReader.Options(invalidEntries: .skip)

  @Test func aSubstitutionReferencedSeveralTimesConvertsToTheSameTextEachTime() throws {
    let text = W.catalog(strings: [
      "k": W.entry(localizations: [
        "de": W.substituted(
          "%#@a@ %#@a@",
          substitutions: [
            "a": W.substitution(argNum: nil, forms: ["one": "%#@b@", "other": "%#@b@%#@b@"]),
            "b": W.substitution(argNum: nil, forms: ["other": "x"]),
          ])
      ])
    ])
    let read = try #require(try Self.document(text).entries(forLocale: "de", options: Self.skip))
    let b = "{arg2, plural, other {x}}"
    let a = "{arg1, plural, one {\(b)} other {\(b)\(b)}}"
    #expect(read.entries["k"]?.icuMessage == "\(a) \(a)")
    #expect(read.diagnostics.isEmpty)
  }

  @Test func entriesThatExpandPastTheCatalogsBudgetFailTheLocale() throws {
    // Ten entries of ~240 KB of ICU text each: every one is under the per-entry limit, together
    // they pass the budget of a catalog of this size (1 MiB + 4 × its ~20 KB).
    let document = try Self.document(ExpandingCatalog.catalog(count: 10))
    #expect(throws: CatalogError.self) {
      _ = try document.entries(forLocale: "de", options: Self.skip)
    }
    do {
      _ = try document.entries(forLocale: "de", options: Self.skip)
    } catch {
      #expect(error.kind == .limit)
      #expect(error.message.contains("conversionBudget"))
      #expect(error.message.contains("'de'"))
    }
  }

  @Test func aCatalogUnderItsBudgetConvertsEveryExpandingEntry() throws {
    let document = try Self.document(ExpandingCatalog.catalog(count: 3))
    let read = try #require(try document.entries(forLocale: "de", options: Self.skip))
    #expect(read.entries.count == 3)
    #expect(read.entries.values.allSatisfy { $0.icuMessage.utf8.count > 200_000 })
  }

  @Test func entriesRefusedForTheirOwnSizeStillSpendTheBudget() throws {
    // Six references of ~49 KB each pass the 256 KB per-entry limit: every entry is refused, but
    // building it was work, so the locale fails instead of converting forever.
    let document = try Self.document(ExpandingCatalog.catalog(count: 12, references: 6))
    #expect {
      _ = try document.entries(forLocale: "de", options: Self.skip)
    } throws: { error in
      (error as? CatalogError)?.kind == .limit
    }
    // One such entry alone is a skipped entry, not a failed locale.
    let one = try Self.document(ExpandingCatalog.catalog(count: 1, references: 6))
    let read = try #require(try one.entries(forLocale: "de", options: Self.skip))
    #expect(read.entries.isEmpty)
    #expect(read.diagnostics.first?.message.contains("expands to") == true)
  }

  @Test func localesReadFromOneParseShareItsBudget() throws {
    let document = try Self.document(ExpandingCatalog.catalog(count: 3, locales: ["de", "fr"]))
    var options = Self.skip
    options.conversionBudget = CatalogConversionBudget(bytesPerCatalogByte: 0, baseBytes: 800_000)
    let german = try #require(try document.entries(forLocale: "de", options: options))
    #expect(german.entries.count == 3)
    #expect {
      _ = try document.entries(forLocale: "fr", options: options)
    } throws: { error in
      (error as? CatalogError)?.kind == .limit
    }
    // A new parse of the same bytes has a budget of its own.
    let again = try Self.document(ExpandingCatalog.catalog(count: 3, locales: ["de", "fr"]))
    #expect(try again.entries(forLocale: "fr", options: options)?.entries.count == 3)
  }

  @Test func conversionStopsOnceTheDeadlineAndItsGraceHavePassed() throws {
    let document = try Self.document(
      W.catalog(strings: ["k": W.entry(localizations: ["de": W.unit("Hallo")])]))
    let past = ContinuousClock().now - .seconds(1)
    // A conversion that starts after the deadline still has its grace to run in.
    #expect(
      try document.entries(forLocale: "de", options: Self.skip, deadline: past)?.entries.count
        == 1)
    #expect {
      _ = try document.entries(forLocale: "de", options: Self.skip, deadline: past, grace: .zero)
    } throws: { error in
      let error = error as? CatalogError
      return error?.kind == .limit && error?.message.contains("deadline") == true
    }
    let future = ContinuousClock().now + .seconds(3600)
    #expect(
      try document.entries(forLocale: "de", options: Self.skip, deadline: future)?.entries.count
        == 1)
  }

  @Test func budgetTotalsSaturateInsteadOfOverflowing() {
    #expect(CatalogConversionBudget().totalBytes(forCatalogOf: 1000) == (1 << 20) + 4000)
    #expect(CatalogConversionBudget().totalBytes(forCatalogOf: -5) == 1 << 20)
    #expect(
      CatalogConversionBudget(bytesPerCatalogByte: Int.max).totalBytes(forCatalogOf: 2)
        == Int.max)
  }

  @Test func realAppCatalogFromSharedFixturesConvertsEveryLocaleWellInsideTheBudget() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../../shared/fixtures/catalogs/loop/Localizable.xcstrings")
      .standardizedFileURL
    guard let data = FileManager.default.contents(atPath: url.path) else {
      print("skipped: ../shared/fixtures/catalogs/loop is absent")
      return
    }
    let document = try XCStringsDocument.parse(data, file: "Localizable.xcstrings")
    for tag in document.localeTags {
      _ = try document.entries(forLocale: tag, options: Self.skip)
    }
    // Every locale read from one parse together used less than the catalog's own size.
    #expect(document.ledger.bytesSpent < data.count)
  }

  @Test func anOTAPayloadPastItsBudgetFailsItsLocaleAndTheOthersApply() async throws {
    let site = TestSupport.temporaryDirectory("budget-site")
    defer { try? FileManager.default.removeItem(at: site) }
    try TestSupport.manifest(version: 1, locales: ["de": 1, "fr": 1]).write(
      to: site.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    try ExpandingCatalog.catalog(count: 10).write(
      to: site.appendingPathComponent("de.xcstrings"), atomically: true, encoding: .utf8)
    try TestSupport.payload("fr", ["k": "Bonjour"]).write(
      to: site.appendingPathComponent("fr.xcstrings"), atomically: true, encoding: .utf8)
    let client = try ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: "p", updatePolicy: .init(checkOnStart: false), source: .directory(site),
        cache: .disabled, preferredLanguages: ["fr"], usesMainBundle: false))
    let result = await client.checkForUpdates()
    #expect(result.updatedLocales == ["fr"])
    guard case .failed(let reason)? = result.localeOutcomes["de"] else {
      Issue.record("de should fail, got \(String(describing: result.localeOutcomes["de"]))")
      return
    }
    #expect(reason.contains("conversionBudget"))
    #expect(client.localizedString("k") == "Bonjour")
  }
}

/// `.stringsdict` files convert nested variables the same way and share the same budget.
@Suite("Stringsdict conversion budget")
struct StringsDictConversionBudgetTests {
  /// A `.stringsdict` of `count` keys whose format references `v0` `references` times, each
  /// variable's `other` form referencing the next twelve times, four levels deep.
  static func expanding(count: Int, references: Int = 5) -> Data {
    var variables = ""
    for level in 0..<4 {
      let form = level < 3 ? String(repeating: "%#@v\(level + 1)@", count: 12) : "x"
      variables += """
        <key>v\(level)</key><dict><key>NSStringFormatSpecTypeKey</key>\
        <string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key>\
        <string>d</string><key>other</key><string>\(form)</string></dict>
        """
    }
    var keys = ""
    for index in 0..<count {
      keys += """
        <key>k\(index)</key><dict><key>NSStringLocalizedFormatKey</key>\
        <string>\(String(repeating: "%#@v0@", count: references))</string>\(variables)</dict>
        """
    }
    return Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>\(keys)</dict></plist>
      """.utf8)
  }

  @Test func entriesThatExpandPastTheFilesBudgetFailTheFile() {
    #expect {
      _ = try StringsDictReader.read(
        Self.expanding(count: 10), file: "Bomb.stringsdict", locale: "de", invalidEntries: .skip)
    } throws: { error in
      (error as? CatalogError)?.kind == .limit
    }
  }

  @Test func aFileUnderItsBudgetConvertsItsExpandingEntries() throws {
    let catalog = try StringsDictReader.read(
      Self.expanding(count: 2), file: "Nested.stringsdict", locale: "de")
    #expect(catalog.locales["de"]?.count == 2)
  }
}
