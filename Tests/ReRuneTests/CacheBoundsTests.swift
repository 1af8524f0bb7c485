import Foundation
import ReRune
import Testing

/// Restoring the disk cache within the configured bounds (issue 16 finding 4).
@Suite("ReRune cache bounds")
struct CacheBoundsTests {
  @Test func restoreStopsAtTheCacheSizeLimitAndSkipsUnlistedLocales() throws {
    let dir = TestSupport.temporaryDirectory("cache-bounds")
    defer { try? FileManager.default.removeItem(at: dir) }
    let cache = ReRuneDiskCache(directory: dir)
    try cache.saveManifest(
      .init(
        body: TestSupport.manifest(version: 3, locales: ["de": 1, "fr": 1, "it": 1]), etag: nil))
    for locale in ["de", "fr", "it", "nl"] {
      try cache.saveLocale(
        .init(
          localeTag: locale,
          payload: TestSupport.payload(locale, ["title": String(repeating: "x", count: 3_000)]),
          etag: nil))
    }
    let client = try ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: "p", updatePolicy: .init(checkOnStart: false), cache: .directory(dir),
        maxCacheBytes: 7_000, usesMainBundle: false))
    // de and fr fit (key order), it does not; nl is not in the cached manifest.
    #expect(Set(client.otaLocales.keys) == ["de", "fr"])
    #expect(client.cacheProblems.count == 1)
    #expect(client.cacheProblems.first?.contains("'it'") == true)
    #expect(client.cacheProblems.first?.contains("maxCacheBytes (7000 bytes)") == true)
  }

  /// A payload file larger than maxPayloadBytes is skipped unread (its record names it); an older
  /// inline record smaller than its bound (6 × maxPayloadBytes + 64 KiB) whose payload passes
  /// maxPayloadBytes is read and refused.
  @Test func oversizedCacheFilesAreNotRead() throws {
    let dir = TestSupport.temporaryDirectory("cache-oversized")
    defer { try? FileManager.default.removeItem(at: dir) }
    let cache = ReRuneDiskCache(directory: dir)
    try cache.saveManifest(
      .init(body: TestSupport.manifest(version: 1, locales: ["de": 1]), etag: nil))
    try cache.saveLocale(
      .init(
        localeTag: "de",
        payload: TestSupport.payload("de", ["title": String(repeating: "x", count: 100_000)]),
        etag: nil))
    // fr in the older record format (payload inline), which is bounded by the record limit.
    let locales = dir.appendingPathComponent("locales")
    try JSONEncoder().encode(
      ReRuneDiskCache.CachedLocale(
        localeTag: "fr",
        payload: TestSupport.payload("fr", ["title": String(repeating: "x", count: 5_000)]),
        etag: nil)
    ).write(to: locales.appendingPathComponent("fr.json"))
    try cache.saveManifest(
      .init(body: TestSupport.manifest(version: 1, locales: ["de": 1, "fr": 1]), etag: nil))
    let client = try ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: "p", updatePolicy: .init(checkOnStart: false), cache: .directory(dir),
        maxPayloadBytes: 1_000, usesMainBundle: false))
    #expect(client.otaLocales.isEmpty)
    #expect(
      client.cacheProblems.contains { $0.contains("de.json") && $0.contains("more than the limit") }
    )
    #expect(
      client.cacheProblems.contains {
        $0.contains("'fr'") && $0.contains("exceeds maxPayloadBytes")
      })
  }
}
