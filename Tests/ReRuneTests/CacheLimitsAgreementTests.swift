import Foundation
import Testing

@testable import ReRune

/// The transport's header limit, the ETag limit, the record limit and the file-name limit agree:
/// whatever a server may send is either stored so that it can be restored, or refused clearly.
@Suite("ReRune cache limits agree", .serialized)
struct CacheLimitsAgreementTests {
  @Test func aFortyThousandByteETagStillLeavesARestorableCache() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let cache = TestSupport.temporaryDirectory("long-etag")
    defer { try? FileManager.default.removeItem(at: cache) }
    // Under the 64 KiB header limit; each '/' is written as "\/" in JSON (an 80 KB record).
    let etag = "\"" + String(repeating: "/", count: 40_000) + "\""
    try await server.route(
      TestServer.manifestPath, body: TestSupport.manifest(version: 1, locales: ["de": 1]))
    try await server.route(
      TestServer.localePath("de"), body: TestSupport.payload("de", ["title": "Titel"]), etag: etag)
    let client = try TestSupport.client(server: server, cache: cache)
    let first = await client.checkForUpdates()
    #expect(first.localeOutcomes["de"] == .updated)
    let record = cache.appendingPathComponent("locales/de.json")
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: record.path)[.size] as? Int)
    #expect(size <= ReRuneDiskCache.maxRecordBytes)
    // Restored by a new client (a restart, offline or not).
    server.stop()
    let restarted = try TestSupport.client(server: server, cache: cache)
    #expect(restarted.localizedString("title") == "Titel")
  }

  @Test func anOverLongETagIsNeverSentBackAsIfNoneMatch() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let cache = TestSupport.temporaryDirectory("long-etag-validator")
    defer { try? FileManager.default.removeItem(at: cache) }
    let etag = "\"" + String(repeating: "e", count: ReRuneDiskCache.maxETagBytes) + "\""
    try await server.route(
      TestServer.manifestPath, body: TestSupport.manifest(version: 1, locales: ["de": 1]))
    try await server.route(
      TestServer.localePath("de"), body: TestSupport.payload("de", ["title": "Titel"]), etag: etag)
    let client = try TestSupport.client(server: server, cache: cache)
    #expect(await client.checkForUpdates().localeOutcomes["de"] == .updated)
    #expect(await client.checkForUpdates().localeOutcomes["de"] == .updated)
    let sent = try await server.requests().filter { $0.path == TestServer.localePath("de") }
    #expect(sent.count == 2)
    #expect(sent.allSatisfy { $0.header("If-None-Match") == nil })
    #expect(client.localizedString("title") == "Titel")
  }

  @Test func theLargestRecordTheCacheWritesIsReadBack() throws {
    let dir = TestSupport.temporaryDirectory("largest-record")
    defer { try? FileManager.default.removeItem(at: dir) }
    let cache = ReRuneDiskCache(directory: dir)
    // Control characters are escaped as \u00XX: six bytes each, the worst JSON escaping.
    let etag = String(repeating: "\u{1}", count: ReRuneDiskCache.maxETagBytes)
    let key = String(repeating: "z", count: ReRuneDiskCache.maxLocaleKeyLength)
    try cache.saveLocale(.init(localeTag: key, payload: "{}", etag: etag))
    var problems: [String] = []
    let restored = cache.loadLocales(problems: &problems)
    #expect(problems.isEmpty, "\(problems)")
    #expect(restored.map(\.localeTag) == [key])
    #expect(restored.first?.etag == etag)
  }

  @Test func aLegalNonASCIIKeyWhoseFileNameWouldBeTooLongIsRefusedEverywhere() async throws {
    // 64 characters (the length limit), 4 UTF-8 bytes each: 768 bytes percent-encoded.
    let long = String(repeating: "𝔘", count: 64)
    #expect(!ReRuneDiskCache.isSafeLocaleKey(long))
    #expect(ReRuneDiskCache.fileName(forLocale: long) == nil)
    // 66 UTF-8 bytes (198 encoded) still fit, with room for the temporary file of a write.
    let fits = String(repeating: "ü", count: 33)
    let name = try #require(ReRuneDiskCache.fileName(forLocale: fits))
    #expect(name.utf8.count + ".\(UUID().uuidString).tmp.".utf8.count <= 255)
    let dir = TestSupport.temporaryDirectory("long-key")
    defer { try? FileManager.default.removeItem(at: dir) }
    try ReRuneDiskCache(directory: dir).saveLocale(.init(localeTag: fits, payload: "{}", etag: nil))
    // A check names the rule instead of reporting "updated" with a cache write that failed.
    let site = dir.appendingPathComponent("site", isDirectory: true)
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    try TestSupport.manifest(version: 1, locales: [long: 1, "de": 1], urls: [long: "de.xcstrings"])
      .write(to: site.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    try TestSupport.payload("de", ["title": "Titel"]).write(
      to: site.appendingPathComponent("de.xcstrings"), atomically: true, encoding: .utf8)
    let client = try ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: "p", updatePolicy: ReRuneUpdatePolicy(checkOnStart: false),
        source: .directory(site), cache: .directory(dir.appendingPathComponent("cache")),
        preferredLanguages: ["de"], usesMainBundle: false))
    let result = await client.checkForUpdates()
    guard case .failed(let reason) = result.localeOutcomes[long] else {
      Issue.record("\(String(describing: result.localeOutcomes[long]))")
      return
    }
    #expect(reason.contains("percent-encoded"))
    #expect(result.localeOutcomes["de"] == .updated)
  }
}
