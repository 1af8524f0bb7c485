import Foundation
import Messagevisor
import MessagevisorICU
import ReRune
import TestSupport
import Testing

/// A 2 MB, 19-language catalog with the two patterns Xcode accepts (a substitution whose selector is
/// not printed, device variations without `other`) served as one OTA file for every locale.
@Suite("Large String Catalogs over the air")
struct LargeCatalogTests {
  static let generated = LargeCatalogGenerator.generate()

  static func writeSite(_ site: URL) throws {
    var locales: [String: Any] = [:]
    for language in LargeCatalogGenerator.languages {
      locales[language] = ["version": 1, "url": "Localizable.xcstrings"]
    }
    let manifest = try JSONSerialization.data(
      withJSONObject: ["version": 1, "locales": locales], options: [.sortedKeys])
    try manifest.write(to: site.appendingPathComponent("manifest.json"))
    try Data(generated.text.utf8).write(to: site.appendingPathComponent("Localizable.xcstrings"))
  }

  @Test func theGeneratedCatalogHasTheAdvertisedShape() {
    #expect(Self.generated.text.utf8.count >= 2_000_000)
    #expect(Self.generated.keyCount == 733)
    #expect(Self.generated.broken.count == 6)
    #expect(Self.generated.text.contains("\"%#@followers@\""))
    #expect(Self.generated.text.contains("\"applevision\" : {"))
  }

  @Test func everyLocaleAppliesWithDiagnosticsOnlyForUnusableEntries() async throws {
    let site = TestSupport.temporaryDirectory("large-site")
    let cacheDirectory = TestSupport.temporaryDirectory("large-cache")
    defer {
      try? FileManager.default.removeItem(at: site)
      try? FileManager.default.removeItem(at: cacheDirectory)
    }
    try Self.writeSite(site)
    // The check's deadline is not under test: 19 × 2.4 MB on a loaded machine can take longer
    // than the default 30 s.
    let client = try ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: "large", updatePolicy: .init(checkOnStart: false), checkTimeout: 600,
        source: .directory(site), cache: .directory(cacheDirectory), usesMainBundle: false))
    let result = await client.checkForUpdates()
    #expect(result.status == .updated)
    #expect(result.updatedLocales == Set(LargeCatalogGenerator.languages))
    #expect(result.errorMessage == nil)
    var expected: [String: Set<String>] = [:]
    for item in Self.generated.broken { expected[item.locale, default: []].insert(item.key) }
    let reported = result.skippedEntries.mapValues { Set($0.map(\.key)) }
    #expect(reported == expected)
    for (locale, notes) in result.skippedEntries {
      for note in notes {
        #expect(note.locale == locale)
        #expect(note.file == "Localizable.xcstrings" && note.line != nil)
        #expect(note.message.contains("has no definition"))
      }
    }
    for language in LargeCatalogGenerator.languages {
      let count = client.otaLocales[language]?.count ?? 0
      #expect(count == 733 - (expected[language]?.count ?? 0), "\(language)")
    }

    // The two patterns render for every locale.
    let engine = createMessagevisor(MessagevisorOptions(locale: "en", modules: [createICUModule()]))
    let bridge = ReRuneMessagevisorBridge(engine: engine)
    bridge.attach(to: client)
    for language in LargeCatalogGenerator.languages {
      let followers = try bridge.translate(
        LargeCatalogGenerator.followersKey, values: ["arg1": 1, "arg2": "Ana"], locale: language)
      #expect(followers.hasPrefix("Ana "), "\(language): \(followers)")
      let device = try bridge.translate(LargeCatalogGenerator.deviceKey, locale: language)
      #expect(device.hasPrefix("Tap "), "\(language): \(device)")
    }

    // `ota validate` checks each locale as the client reads it: only the unusable entries are problems.
    let report = ReRuneSiteValidator.validate(site)
    #expect(report.problems.count == Self.generated.broken.count, "\(report.problems.prefix(3))")
    #expect(report.keyCounts.count == 19)

    // A restart restores all 19 locales from the cache with the same skipped entries.
    let restarted = try ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: "large", updatePolicy: .init(checkOnStart: false), source: .directory(site),
        cache: .directory(cacheDirectory), usesMainBundle: false))
    #expect(restarted.cacheProblems.isEmpty)
    #expect(restarted.otaLocales.count == 19)
    #expect(restarted.skippedEntries.mapValues { Set($0.map(\.key)) } == expected)
  }

  @Test func theLoopCatalogReadsEveryLocaleWithOnlyItsOneBrokenEntry_needsSharedFixtures() throws {
    guard let directory = TestSupport.catalogsDirectory else {
      print(
        "[ReRuneTests] shared fixtures not found next to the package; skipping the Loop catalog")
      return
    }
    let url = directory.appendingPathComponent("loop/Localizable.xcstrings")
    let document = try XCStringsDocument.parse(Data(contentsOf: url), file: url.lastPathComponent)
    #expect(document.localeTags.count == 11)
    for tag in document.localeTags {
      let read = try #require(
        try document.entries(forLocale: tag, options: .init(invalidEntries: .skip)))
      // The one really unusable entry: ru's "Version %1$@ (%$11d)" has a `%$` with no argument
      // number (the fixture as published); every other localization of every locale is used.
      let expected = tag == "ru" ? ["Version %@ (%lld)"] : []
      #expect(read.diagnostics.map(\.key) == expected, "\(tag): \(read.diagnostics.prefix(3))")
      #expect(!read.entries.isEmpty)
    }
  }
}
