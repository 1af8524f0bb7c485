import Foundation
import Messagevisor
import Testing

@testable import ReRune

@Suite("OTASitePublisher refusals")
struct PublishingErrorTests {
  private func expectError(
    _ expected: OTASitePublisherError, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(OTASitePublisherError) -> Void
  ) {
    do {
      try body()
      Issue.record("expected \(expected)", sourceLocation: sourceLocation)
    } catch {
      #expect(error == expected, sourceLocation: sourceLocation)
    }
  }

  @Test func unknownLocaleListsKnownLocales() throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    let before = try site.files()
    expectError(.unknownLocale("fr-FR", known: ["de-DE", "en-US", "nl-NL"])) {
      () throws(OTASitePublisherError) in
      try OTASitePublisher(siteDirectory: site.directory).publish(
        locale: "fr-FR", key: "k", value: "v")
    }
    #expect(
      OTASitePublisherError.unknownLocale("fr-FR", known: ["de-DE", "en-US"]).description
        == "Unknown locale \"fr-FR\"; the manifest declares: de-DE, en-US")
    #expect(try site.manifestVersion() == 5)
    #expect(try site.files().filter { $0 != ".publish.lock" } == before)
  }

  @Test func emptyKeyIsRefused() throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    expectError(.emptyKey) { () throws(OTASitePublisherError) in
      try OTASitePublisher(siteDirectory: site.directory).publish(
        locale: "en-US", key: "", value: "v")
    }
    #expect(try site.manifestVersion() == 5)
  }

  @Test(arguments: [
    ("welcome\u{1B}[31m", "control character U+001B"),
    ("line\nbreak", "control character U+000A"),
    ("   ", "it contains only spaces"),
  ])
  func invalidKeysAreRefused(key: String, reason: String) throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    expectError(.invalidKey(key, reason: reason)) { () throws(OTASitePublisherError) in
      try OTASitePublisher(siteDirectory: site.directory).publish(
        locale: "en-US", key: key, value: "v")
    }
  }

  @Test(arguments: [
    ("Hello \u{1B}[2J", "control character U+001B at offset 6 (only newline and tab are allowed)"),
    ("bell\u{07}", "control character U+0007 at offset 4 (only newline and tab are allowed)"),
    ("cr\r\n", "control character U+000D at offset 2 (only newline and tab are allowed)"),
    ("c1\u{9B}31m", "control character U+009B at offset 2 (only newline and tab are allowed)"),
    ("nul\u{0}", "control character U+0000 at offset 3 (only newline and tab are allowed)"),
    ("Hello {name", "unclosed \"{\" at offset 6 (quote literal braces as '{')"),
    ("Hello name}", "unmatched \"}\" at offset 10 (quote literal braces as '}')"),
    (
      "{count, plural, one {# story} other {# stories}",
      "unclosed \"{\" at offset 0 (quote literal braces as '{')"
    ),
  ])
  func invalidValuesAreRefused(value: String, reason: String) throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    expectError(.invalidValue(key: "welcome_title", reason: reason)) {
      () throws(OTASitePublisherError) in
      try OTASitePublisher(siteDirectory: site.directory)
        .publish(locale: "en-US", key: "welcome_title", value: value)
    }
    #expect(
      try site.value("en-US.xcstrings", key: "welcome_title", tag: "en-US") == "Welcome to ReRune")
    #expect(try site.manifestVersion() == 5)
  }

  @Test(arguments: [
    "Two lines\nand a\ttab",
    "{count, plural, one {# story} other {# stories}}",
    "Literal '{braces}' are quoted",
    "It''s fine: '{' and '}'",
    "You don't need quotes here",
    "مرحبًا \u{200F}بك",
    "",
  ])
  func validValuesAreAccepted(value: String) throws {
    try OTASitePublisher.validate(value: value, for: "k")
  }

  @Test func missingSiteIsRefused() {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "no-such-site-\(UUID())"
    ).path
    expectError(.siteNotFound(path: path)) { () throws(OTASitePublisherError) in
      try OTASitePublisher(sitePath: path).publish(locale: "en-US", key: "k", value: "v")
    }
  }

  @Test func missingManifestIsRefused() throws {
    let site = try PublishingTestSite(manifest: nil)
    defer { site.remove() }
    let path = site.directory.appendingPathComponent("manifest.json").path
    expectError(.manifestMissing(path: path)) { () throws(OTASitePublisherError) in
      try OTASitePublisher(siteDirectory: site.directory).publish(
        locale: "en-US", key: "k", value: "v")
    }
  }

  @Test(arguments: [
    ("not json", "not valid JSON"),
    ("[1, 2]", "the top level is not a JSON object"),
    (#"{"version": "5", "locales": {}}"#, "\"version\" must be a non-negative integer"),
    (#"{"version": -1, "locales": {}}"#, "\"version\" must be a non-negative integer"),
    (#"{"version": 5}"#, "\"locales\" must be an object keyed by locale tag"),
    (
      #"{"version": 5, "locales": [{"version": 1}]}"#,
      "\"locales\" must be an object keyed by locale tag"
    ),
    (
      #"{"version": 5, "locales": {"en-US": {"url": "en-US.xcstrings"}}}"#,
      "locales.en-US.version must be a non-negative integer"
    ),
    (
      #"{"version": 5, "locales": {"en-US": {"version": true}}}"#,
      "locales.en-US.version must be a non-negative integer"
    ),
    (
      #"{"version": 5, "locales": {"en-US": {"version": 1, "url": 7}}}"#,
      "locales.en-US.url must be a string"
    ),
    (#"{"version": 5, "locales": {"en-US": 3}}"#, "locales.en-US is not an object"),
  ])
  func malformedManifestsAreRefused(manifest: String, reason: String) throws {
    let site = try PublishingTestSite(manifest: manifest)
    defer { site.remove() }
    do {
      try OTASitePublisher(siteDirectory: site.directory).publish(
        locale: "en-US", key: "k", value: "v")
      Issue.record("expected a malformed-manifest error")
    } catch {
      guard case .manifestMalformed(let path, let message) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(path.hasSuffix("manifest.json"))
      #expect(message.hasPrefix(reason))
    }
    #expect(try site.value("en-US.xcstrings", key: "k", tag: "en-US") == nil)
  }

  @Test(arguments: [
    (#"{"sourceLanguage": "en"}"#, "\"strings\" must be an object keyed by message key"),
    (#"{"strings": []}"#, "\"strings\" must be an object keyed by message key"),
    ("\"text\"", "the top level is not a JSON object"),
    ("{", "not valid JSON"),
  ])
  func malformedPayloadsAreRefused(payload: String, reason: String) throws {
    let site = try PublishingTestSite(payloads: ["en-US.xcstrings": payload])
    defer { site.remove() }
    do {
      try OTASitePublisher(siteDirectory: site.directory).publish(
        locale: "en-US", key: "k", value: "v")
      Issue.record("expected a malformed-payload error")
    } catch {
      guard case .payloadMalformed(let path, let message) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(path.hasSuffix("en-US.xcstrings"))
      #expect(message.hasPrefix(reason))
    }
    #expect(try site.manifestVersion() == 5)
  }

  @Test(arguments: [
    "https://cdn.example.com/en-US.xcstrings",
    "file:///etc/passwd",
    "/etc/passwd",
    "../outside.xcstrings",
    "sub/../../outside.xcstrings",
  ])
  func nonLocalPayloadUrlsAreRefused(url: String) throws {
    let manifest = #"{"version": 1, "locales": {"en-US": {"version": 1, "url": "\#(url)"}}}"#
    let site = try PublishingTestSite(manifest: manifest, payloads: [:])
    defer { site.remove() }
    expectError(.payloadNotLocal(locale: "en-US", url: url)) { () throws(OTASitePublisherError) in
      try OTASitePublisher(siteDirectory: site.directory).publish(
        locale: "en-US", key: "k", value: "v")
    }
  }

  @Test func removingAnAbsentKeyIsRefused() throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    let path = site.directory.appendingPathComponent("en-US.xcstrings").path
    expectError(.keyNotFound(locale: "en-US", key: "story_caption", path: path)) {
      () throws(OTASitePublisherError) in
      try OTASitePublisher(siteDirectory: site.directory).remove(
        locale: "en-US", key: "story_caption")
    }
    #expect(try site.manifestVersion() == 5)
  }

  @Test func versionOverflowIsRefused() throws {
    let manifest = #"{"version": \#(Int.max), "locales": {"en-US": {"version": 1}}}"#
    let site = try PublishingTestSite(manifest: manifest)
    defer { site.remove() }
    do {
      try OTASitePublisher(siteDirectory: site.directory).publish(
        locale: "en-US", key: "k", value: "v")
      Issue.record("expected an overflow error")
    } catch {
      guard case .versionOverflow = error else {
        Issue.record("unexpected \(error)")
        return
      }
    }
    #expect(try site.value("en-US.xcstrings", key: "k", tag: "en-US") == nil)
  }

  @Test func errorDescriptionsNameWhatToFix() {
    #expect(
      OTASitePublisherError.invalidKey("a\u{1B}b", reason: "control character U+001B").description
        == "Invalid message key \"a\\u{001B}b\": control character U+001B")
    #expect(OTASitePublisherError.emptyKey.description == "The message key is empty")
    #expect(
      OTASitePublisherError.keyNotFound(locale: "nl-NL", key: "x", path: "/s/nl-NL.xcstrings")
        .description
        == "Cannot remove \"x\": the nl-NL payload /s/nl-NL.xcstrings does not contain it")
  }
}
