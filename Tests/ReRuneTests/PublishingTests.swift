import Foundation
import Messagevisor
import Testing

@testable import ReRune

@Suite("OTASitePublisher edits")
struct PublishingTests {
  @Test func publishUpdatesValueAndBumpsBothVersions() throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    let publisher = OTASitePublisher(siteDirectory: site.directory)
    let result = try publisher.publish(locale: "en-US", key: "welcome_title", value: "Hello there")

    #expect(result.action == .updated)
    #expect(result.previousValue == "Welcome to ReRune")
    #expect(result.localeVersion == 3)
    #expect(result.manifestVersion == 6)
    #expect(try site.value("en-US.xcstrings", key: "welcome_title", tag: "en-US") == "Hello there")
    #expect(try site.value("en-US.xcstrings", key: "story_title", tag: "en-US") == "Built to adapt")
    #expect(try site.manifestVersion() == 6)
    #expect(try site.localeVersion("en-US") == 3)
    #expect(try site.localeVersion("nl-NL") == 3)
    #expect(try site.localeVersion("de-DE") == 1)
  }

  @Test func publishPreservesUnknownFieldsAndKeepsUrls() throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    try OTASitePublisher(siteDirectory: site.directory)
      .publish(locale: "en-US", key: "welcome_title", value: "Hi")
    let manifest = try site.json("manifest.json").objectValue ?? [:]
    #expect(manifest["publisher"] == "tests")
    #expect(manifest["locales"]?.objectValue?["en-US"]?.objectValue?["url"] == "en-US.xcstrings")
    let entry = try site.json("en-US.xcstrings").objectValue?["strings"]?.objectValue?[
      "welcome_title"]?
      .objectValue
    #expect(entry?["comment"] == "Title")
    #expect(entry?["extractionState"] == "manual")
    #expect(try site.json("en-US.xcstrings").objectValue?["sourceLanguage"] == "en")
  }

  @Test func publishCreatesMissingKey() throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    let result = try OTASitePublisher(siteDirectory: site.directory)
      .publish(locale: "de-DE", key: "story_caption", value: "Live-Inhalte")
    #expect(result.action == .created)
    #expect(result.previousValue == nil)
    #expect(try site.value("de-DE.xcstrings", key: "story_caption", tag: "de-DE") == "Live-Inhalte")
    #expect(
      try site.value("de-DE.xcstrings", key: "welcome_title", tag: "de-DE")
        == "Willkommen bei ReRune")
  }

  @Test func entryWithoutUrlUsesTagFileName() throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    let url = try OTASitePublisher(siteDirectory: site.directory).payloadURL(for: "de-DE")
    #expect(url.lastPathComponent == "de-DE.xcstrings")
  }

  @Test func missingPayloadFileIsCreated() throws {
    let site = try PublishingTestSite(payloads: [:])
    defer { site.remove() }
    let result = try OTASitePublisher(siteDirectory: site.directory)
      .publish(locale: "nl-NL", key: "welcome_title", value: "Hoi")
    #expect(result.action == .created)
    #expect(try site.value("nl-NL.xcstrings", key: "welcome_title", tag: "nl-NL") == "Hoi")
    #expect(try site.json("nl-NL.xcstrings").objectValue?["version"] == "1.0")
  }

  @Test func normalisedLocalizationTagIsEditedInPlace() throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    let result = try OTASitePublisher(siteDirectory: site.directory)
      .publish(locale: "nl-NL", key: "welcome_title", value: "Hallo")
    #expect(result.previousValue == "Welkom bij ReRune")
    #expect(try site.value("nl-NL.xcstrings", key: "welcome_title", tag: "nl_NL") == "Hallo")
    #expect(try site.value("nl-NL.xcstrings", key: "welcome_title", tag: "nl-NL") == nil)
  }

  @Test func anICUPluralBecomesPluralVariations() throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    try OTASitePublisher(siteDirectory: site.directory)
      .publish(
        locale: "nl-NL", key: "welcome_new_stories", value: "{count, plural, other {# verhalen}}")
    let localization = try site.json("nl-NL.xcstrings").objectValue?["strings"]?.objectValue?[
      "welcome_new_stories"]?.objectValue?["localizations"]?.objectValue?["nl-NL"]?.objectValue
    #expect(localization?["stringUnit"] == nil)
    #expect(
      localization?["variations"]?.objectValue?["plural"]?.objectValue?["other"]?.objectValue?[
        "stringUnit"]?.objectValue?["value"] == "%lld verhalen")
  }

  @Test func existingDigestIsRecomputed() throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    try OTASitePublisher(siteDirectory: site.directory)
      .publish(locale: "nl-NL", key: "welcome_title", value: "Hallo")
    let manifest = try site.json("manifest.json")
    let entry = manifest.objectValue?["locales"]?.objectValue?["nl-NL"]?.objectValue
    let payload = try Data(contentsOf: site.directory.appendingPathComponent("nl-NL.xcstrings"))
    #expect(entry?["sha256"] == .string(SHA256Digest.hex(payload)))
    #expect(entry?["url"] == "nl-NL.xcstrings")
    // Entries without a digest do not get one.
    try OTASitePublisher(siteDirectory: site.directory)
      .publish(locale: "en-US", key: "welcome_title", value: "Hi")
    #expect(
      try site.json("manifest.json").objectValue?["locales"]?.objectValue?["en-US"]?.objectValue?[
        "sha256"] == nil)
  }

  @Test func removeDeletesKeyAndBumpsVersions() throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    let result = try OTASitePublisher(siteDirectory: site.directory)
      .remove(locale: "en-US", key: "story_title")
    #expect(result.action == .removed)
    #expect(result.previousValue == "Built to adapt")
    #expect(result.value == nil)
    #expect(result.manifestVersion == 6)
    let strings = try site.json("en-US.xcstrings").objectValue?["strings"]?.objectValue
    #expect(strings?["story_title"] == nil)
    #expect(strings?["welcome_title"] != nil)
    #expect(result.summary.contains("removed en-US story_title"))
  }

  @Test func emptyValueIsAnIntentionalTranslation() throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    try OTASitePublisher(siteDirectory: site.directory)
      .publish(locale: "en-US", key: "welcome_title", value: "")
    #expect(try site.value("en-US.xcstrings", key: "welcome_title", tag: "en-US") == "")
  }

  @Test func conveniencePublishesBySitePath() throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    let result = try OTASitePublisher.publish(
      site: site.directory.path, locale: "de-DE", key: "welcome_title", value: "Hallo")
    #expect(result.manifestVersion == 6)
    #expect(
      result.summary
        == "updated de-DE welcome_title → \"Hallo\"; de-DE version 2, manifest version 6")
  }

  @Test func successivePublishesKeepCounting() throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    let publisher = OTASitePublisher(siteDirectory: site.directory)
    for index in 1...5 {
      try publisher.publish(locale: "en-US", key: "welcome_title", value: "Edit \(index)")
    }
    #expect(try site.manifestVersion() == 10)
    #expect(try site.localeVersion("en-US") == 7)
    #expect(try site.value("en-US.xcstrings", key: "welcome_title", tag: "en-US") == "Edit 5")
    // No temporary files are left behind.
    #expect(try site.files().allSatisfy { !$0.hasSuffix(".tmp") })
  }
}
