import Foundation
import ReRune
import Testing

/// Found by the `ota-response` fuzz target (issue 16): a manifest locale key spelled with `_` was
/// fetched, applied and cached, but never served, because lookups walk the `-` spelling.
@Suite("OTA locale keys spelled with underscores")
struct LocaleKeySpellingTests {
  @Test func underscoreLocaleKeysAreServed() async throws {
    let site = TestSupport.temporaryDirectory("spelling-site")
    let cache = TestSupport.temporaryDirectory("spelling-cache")
    defer {
      try? FileManager.default.removeItem(at: site)
      try? FileManager.default.removeItem(at: cache)
    }
    try TestSupport.manifest(version: 3, locales: ["pt_BR": 3, "de": 3]).write(
      to: site.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    try TestSupport.payload("pt_BR", ["k": "olá"]).write(
      to: site.appendingPathComponent("pt_BR.xcstrings"), atomically: true, encoding: .utf8)
    try TestSupport.payload("de", ["k": "hallo"]).write(
      to: site.appendingPathComponent("de.xcstrings"), atomically: true, encoding: .utf8)
    let client = try ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: "p", updatePolicy: .init(checkOnStart: false), source: .directory(site),
        cache: .directory(cache), preferredLanguages: ["de"], usesMainBundle: false))
    #expect(await client.checkForUpdates().updatedLocales == ["pt_BR", "de"])
    #expect(client.otaLocales["pt_BR"]?["k"]?.value == "olá")
    #expect(client.localizedString("k", locale: "pt_BR") == "olá")
    #expect(client.localizedString("k", locale: "pt-BR") == "olá")
    #expect(client.otaEntry(forKey: "k", locale: "pt_BR")?.locale == "pt_BR")
    #expect(client.localizedString("k", locale: "de") == "hallo")
    #expect(client.localizedString("missing", locale: "pt_BR") == "missing")
  }
}
