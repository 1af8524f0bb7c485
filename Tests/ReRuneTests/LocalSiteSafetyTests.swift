import Foundation
import ReRune
import Testing

/// Local OTA sites (issue 16 finding 11): payloads must resolve inside the site after symlinks, be
/// regular files and stay within the size limit; `ota validate` reports what the client refuses.
@Suite("ReRune local site safety")
struct LocalSiteSafetyTests {
  /// A site with manifest `locales` (and `urls`), in a fresh parent directory that also holds
  /// `outside/secret.xcstrings`, a valid catalog that lies outside the site.
  struct Site {
    let parent = TestSupport.temporaryDirectory("site-safety")
    var site: URL { parent.appendingPathComponent("site", isDirectory: true) }
    var outside: URL { parent.appendingPathComponent("outside", isDirectory: true) }
    var secret: URL { outside.appendingPathComponent("secret.xcstrings") }

    init(locales: [String: Int], urls: [String: String] = [:]) throws {
      try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
      try TestSupport.manifest(version: 1, locales: locales, urls: urls).write(
        to: site.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
      try TestSupport.payload("de", ["title": "SECRET-TITLE"]).write(
        to: secret, atomically: true, encoding: .utf8)
    }

    func link(_ name: String, to target: String) throws {
      try FileManager.default.createSymbolicLink(
        atPath: site.appendingPathComponent(name).path, withDestinationPath: target)
    }

    func check(maxPayload: Int = 8 * 1024 * 1024) async throws -> (
      ReRuneClient, ReRuneUpdateResult
    ) {
      let client = try ReRuneClient(
        ReRuneConfiguration(
          otaPublishId: "p", updatePolicy: .init(checkOnStart: false), source: .directory(site),
          cache: .disabled, maxPayloadBytes: maxPayload, preferredLanguages: ["de"],
          usesMainBundle: false))
      return (client, await client.checkForUpdates())
    }

    func close() { try? FileManager.default.removeItem(at: parent) }
  }

  static func reason(_ result: ReRuneUpdateResult, _ locale: String) -> String {
    guard case .failed(let reason) = result.localeOutcomes[locale] else {
      return "not failed: \(String(describing: result.localeOutcomes[locale]))"
    }
    return reason
  }

  @Test func symlinkedPayloadOutsideTheSiteIsRefused() async throws {
    let s = try Site(locales: ["de": 1])
    defer { s.close() }
    try s.link("de.xcstrings", to: s.secret.path)
    let (client, result) = try await s.check()
    #expect(result.status == .noChange)
    #expect(Self.reason(result, "de").contains("outside the site directory"))
    #expect(client.localizedString("title") == "title")
    let report = ReRuneSiteValidator.validate(s.site)
    #expect(report.problems.contains { $0.contains("outside the site directory") })
    #expect(report.keyCounts["de"] == nil)
  }

  @Test func symlinkToASystemFileIsRefusedWithoutQuotingIt() async throws {
    let s = try Site(locales: ["passwd": 1, "zero": 1])
    defer { s.close() }
    try s.link("passwd.xcstrings", to: "/etc/passwd")
    try s.link("zero.xcstrings", to: "/dev/zero")
    let (_, result) = try await s.check()
    for locale in ["passwd", "zero"] {
      let reason = Self.reason(result, locale)
      #expect(reason.contains("outside the site directory"), "\(reason)")
      #expect(!reason.contains("root"))
    }
  }

  @Test func symlinkedDirectoryInAPayloadURLIsRefused() async throws {
    let s = try Site(locales: ["de": 1], urls: ["de": "sub/secret.xcstrings"])
    defer { s.close() }
    try s.link("sub", to: s.outside.path)
    let (_, result) = try await s.check()
    #expect(Self.reason(result, "de").contains("outside the site directory"))
    #expect(
      ReRuneSiteValidator.validate(s.site).problems.contains {
        $0.contains("outside the site directory")
      })
  }

  @Test func symlinkInsideTheSiteIsFollowed() async throws {
    let s = try Site(locales: ["de": 1])
    defer { s.close() }
    try FileManager.default.createDirectory(
      at: s.site.appendingPathComponent("v2"), withIntermediateDirectories: true)
    try TestSupport.payload("de", ["title": "Titel"]).write(
      to: s.site.appendingPathComponent("v2/de.xcstrings"), atomically: true, encoding: .utf8)
    try s.link("de.xcstrings", to: "v2/de.xcstrings")
    let (client, result) = try await s.check()
    #expect(result.status == .updated)
    #expect(client.localizedString("title") == "Titel")
    #expect(ReRuneSiteValidator.validate(s.site).problems.isEmpty)
  }

  @Test func nonRegularFilesAreRefused() async throws {
    let s = try Site(locales: ["de": 1, "fr": 1])
    defer { s.close() }
    // A FIFO would block a plain read forever; a directory cannot be read as a payload.
    #expect(mkfifo(s.site.appendingPathComponent("de.xcstrings").path, 0o600) == 0)
    try FileManager.default.createDirectory(
      at: s.site.appendingPathComponent("fr.xcstrings"), withIntermediateDirectories: true)
    let (_, result) = try await s.check()
    #expect(Self.reason(result, "de").contains("not a regular file (a FIFO)"))
    #expect(Self.reason(result, "fr").contains("not a regular file (a directory)"))
    let problems = ReRuneSiteValidator.validate(s.site).problems
    #expect(problems.contains { $0.contains("a FIFO") })
  }

  @Test func oversizedPayloadIsRefusedBeforeReading() async throws {
    let s = try Site(locales: ["de": 1])
    defer { s.close() }
    try TestSupport.payload("de", ["title": String(repeating: "x", count: 5_000)]).write(
      to: s.site.appendingPathComponent("de.xcstrings"), atomically: true, encoding: .utf8)
    let (_, result) = try await s.check(maxPayload: 4_096)
    #expect(Self.reason(result, "de").contains("exceeds the limit of 4096 bytes"))
  }

  @Test func validateReportsAManifestWithTooManyLocales() async throws {
    var locales: [String: Int] = [:]
    for index in 0..<1_001 { locales["l\(index)"] = 1 }
    let s = try Site(locales: locales)
    defer { s.close() }
    let report = ReRuneSiteValidator.validate(s.site)
    #expect(
      report.problems.contains { $0.contains("1001 locales, more than the 1000 clients accept") })
    let (_, result) = try await s.check()
    #expect(result.status == .failed)
  }
}
