import Foundation
import Messagevisor
import Testing

@testable import ReRune

/// The publish command and the OTA client together, on a copy of the demo site.
@Suite("Demo site with a running ReRune client")
struct DemoOTAClientTests {
  static func client(site: URL) throws -> ReRuneClient {
    let bundle = try XCStringsReader.read(
      contentsOf: DemoPaths.resources.appendingPathComponent("Localizable.xcstrings"))
    return try ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: "demo-local-site",
        updatePolicy: ReRuneUpdatePolicy(checkOnStart: false),
        requestTimeout: 30, checkTimeout: 120, source: .directory(site), cache: .disabled,
        preferredLanguages: ["nl-NL"], bundled: bundle.locales, usesMainBundle: false))
  }

  @Test func clientAcceptsTheDemoSiteAsShipped() async throws {
    let site = try DemoPaths.copyOfOTASite()
    defer { try? FileManager.default.removeItem(at: site) }
    let client = try Self.client(site: site)
    let result = await client.checkForUpdates()
    #expect(result.status == .updated)
    #expect(result.updatedLocales == Set(DemoPaths.locales))
    #expect(client.localizedString("welcome_title", locale: "nl-NL") == "Welkom bij ReRune")
    #expect(client.localizedString(DemoPaths.otaOnlyKey, locale: "ja-JP") == "この一文は OTA で届きました。")
    // The gap: no OTA value for story_caption in ja-JP.
    #expect(
      client.otaEntry(forKey: DemoPaths.gap.key, locale: DemoPaths.gap.locale)?.locale
        != DemoPaths.gap.locale)
  }

  @Test func anEditPublishedWhileTheClientRunsReachesIt() async throws {
    let site = try DemoPaths.copyOfOTASite()
    defer { try? FileManager.default.removeItem(at: site) }
    let client = try Self.client(site: site)
    client.start()
    defer { client.stop() }
    let first = await client.checkForUpdates()
    #expect(first.status == .updated)
    let before = client.revision

    let published = try OTASitePublisher(siteDirectory: site)
      .publish(locale: "nl-NL", key: "welcome_title", value: "Welkom, lezer!")
    let second = await client.checkForUpdates()

    #expect(second.status == .updated)
    #expect(second.updatedLocales.contains("nl-NL"))
    #expect(client.revision == published.manifestVersion)
    #expect(client.revision == before + 1)
    #expect(client.localizedString("welcome_title", locale: "nl-NL") == "Welkom, lezer!")
    #expect(client.localizedString("welcome_title", locale: "de-DE") == "Willkommen bei ReRune")
  }

  @Test func removingAKeyFallsBackToTheBundle() async throws {
    let site = try DemoPaths.copyOfOTASite()
    defer { try? FileManager.default.removeItem(at: site) }
    let client = try Self.client(site: site)
    _ = await client.checkForUpdates()
    #expect(
      client.localizedString("welcome_refresh_state_idle", locale: "nl-NL")
        == "Druk op r om te vernieuwen")

    try OTASitePublisher(siteDirectory: site).remove(
      locale: "nl-NL", key: "welcome_refresh_state_idle")
    let result = await client.checkForUpdates()
    #expect(result.status == .updated)
    // Bundled nl-NL text (touch copy) shows through again.
    #expect(
      client.localizedString("welcome_refresh_state_idle", locale: "nl-NL")
        == "Trek omlaag om te vernieuwen")
  }
}
