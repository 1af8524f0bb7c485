import Foundation
import Messagevisor
import Testing

@testable import ReRune

@Suite("Demo OTA site")
struct DemoOTASiteTests {
  @Test func manifestDeclaresEveryLocaleWithARelativePayload() throws {
    let manifest = try DemoPaths.json(DemoPaths.ota.appendingPathComponent("manifest.json"))
    #expect(manifest["version"]?.intValue != nil)
    let locales = try #require(manifest["locales"]?.objectValue)
    #expect(locales.keys.sorted() == DemoPaths.locales.sorted())
    for (tag, entry) in locales {
      #expect(entry["version"]?.intValue != nil, "\(tag) version")
      #expect(entry["url"] == .string("\(tag).xcstrings"), "\(tag) url")
    }
    #expect(
      try OTASitePublisher(siteDirectory: DemoPaths.ota).knownLocales()
        == DemoPaths.locales.sorted())
  }

  @Test(arguments: DemoPaths.locales)
  func payloadIsASimpleStringCatalogForItsLocale(locale: String) throws {
    let payload = try DemoPaths.json(DemoPaths.ota.appendingPathComponent("\(locale).xcstrings"))
    #expect(payload["version"] == "1.0")
    #expect(payload["sourceLanguage"] == "en")
    let strings = try #require(payload["strings"]?.objectValue)
    for (key, entry) in strings {
      let localizations = try #require(entry["localizations"]?.objectValue, "\(key)")
      #expect(
        Array(localizations.keys) == [locale],
        "\(locale) \(key): one localization keyed by the manifest tag")
      let unit = entry["localizations", locale, "stringUnit"]
      #expect(unit?["state"] == "translated", "\(locale) \(key)")
      let value = try #require(unit?["value"]?.stringValue, "\(locale) \(key)")
      #expect(!value.isEmpty, "\(locale) \(key)")
      #expect(
        value.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control },
        "\(locale) \(key) has a control character")
      #expect(entry["localizations", locale, "variations"] == nil)
    }
  }

  @Test(arguments: DemoPaths.locales)
  func payloadCarriesTheVisibleKeysExceptTheGap(locale: String) throws {
    let payload = try DemoPaths.json(DemoPaths.ota.appendingPathComponent("\(locale).xcstrings"))
    let keys = Set(try #require(payload["strings"]?.objectValue).keys)
    #expect(keys.contains(DemoPaths.otaOnlyKey))
    #expect(!keys.contains(DemoPaths.bundleOnlyKey))
    if locale == "en-GB" {
      // en-GB publishes only its own spellings; everything else falls through to en-US copy.
      #expect(
        keys == [
          "welcome_badge", "welcome_locale_value", "story_body_secondary", DemoPaths.otaOnlyKey,
        ])
      return
    }
    var expected = Set(DemoPaths.seedKeys + [DemoPaths.otaOnlyKey])
    if locale == DemoPaths.gap.locale { expected.remove(DemoPaths.gap.key) }
    #expect(keys == expected)
  }

  @Test(arguments: DemoPaths.locales)
  func everyDemoLocaleCanBePublished(locale: String) throws {
    let site = try DemoPaths.copyOfOTASite()
    defer { try? FileManager.default.removeItem(at: site) }
    let before = try DemoPaths.json(site.appendingPathComponent("manifest.json"))
    let result = try OTASitePublisher(siteDirectory: site)
      .publish(locale: locale, key: "welcome_title", value: "Edited \(locale)")
    let after = try DemoPaths.json(site.appendingPathComponent("manifest.json"))
    #expect(after["version"]?.intValue == (before["version"]?.intValue ?? -100) + 1)
    #expect(
      after["locales", locale, "version"]?.intValue
        == (before["locales", locale, "version"]?.intValue ?? -100) + 1)
    #expect(result.manifestVersion == after["version"]?.intValue)
    let payload = try DemoPaths.json(site.appendingPathComponent("\(locale).xcstrings"))
    #expect(
      payload["strings", "welcome_title", "localizations", locale, "stringUnit", "value"]
        == .string("Edited \(locale)"))
  }

  @Test func unknownLocaleIsRefusedWithTheDemoLocales() throws {
    let site = try DemoPaths.copyOfOTASite()
    defer { try? FileManager.default.removeItem(at: site) }
    #expect(throws: OTASitePublisherError.unknownLocale("es-ES", known: DemoPaths.locales.sorted()))
    {
      try OTASitePublisher(siteDirectory: site).publish(
        locale: "es-ES", key: "welcome_title", value: "Hola")
    }
  }

  @Test func removingTheOTAOnlyKeyLeavesTheRestIntact() throws {
    let site = try DemoPaths.copyOfOTASite()
    defer { try? FileManager.default.removeItem(at: site) }
    try OTASitePublisher(siteDirectory: site).remove(locale: "nl-NL", key: DemoPaths.otaOnlyKey)
    let payload = try DemoPaths.json(site.appendingPathComponent("nl-NL.xcstrings"))
    let keys = Set(try #require(payload["strings"]?.objectValue).keys)
    #expect(keys == Set(DemoPaths.seedKeys))
  }
}
