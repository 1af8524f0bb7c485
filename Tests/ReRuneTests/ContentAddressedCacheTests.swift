import Foundation
import ReRune
import Testing

/// The disk cache stores one payload file per distinct body (issue 17, budget 5b).
@Suite("ReRune content-addressed cache")
struct ContentAddressedCacheTests {
  static let locales = [
    "ar", "be", "ca", "cs", "da", "de", "es", "fi", "fr", "he", "it", "ja", "ko", "nl", "pl", "pt",
    "ru", "sv", "uk",
  ]

  /// One catalog holding `title` for every locale in `locales`.
  static func catalog(_ locales: [String], suffix: String = "") -> String {
    var localizations: [String: Any] = [:]
    for locale in locales {
      localizations[locale] = [
        "stringUnit": ["state": "translated", "value": "title-\(locale)\(suffix)"]
      ]
    }
    let object: [String: Any] = [
      "sourceLanguage": "en", "version": "1.0",
      "strings": ["title": ["localizations": localizations]],
    ]
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }

  /// A directory site whose manifest lists `urls` (locale → file) and the files' contents.
  static func writeSite(_ site: URL, version: Int, urls: [String: String], files: [String: String])
    throws
  {
    for (name, body) in files {
      try body.write(to: site.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    try TestSupport.manifest(
      version: version, locales: urls.mapValues { _ in version }, urls: urls
    ).write(to: site.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
  }

  static func client(site: URL, cache: URL, maxCacheBytes: Int = 64 * 1024 * 1024) throws
    -> ReRuneClient
  {
    try ReRuneClient(
      ReRuneConfiguration(
        // These tests are about what the cache stores, not the check's deadline: a generous one
        // keeps a starved machine (load 30 on 2 cores saw 30 s pass) from cutting the check short.
        otaPublishId: "p", updatePolicy: .init(checkOnStart: false), checkTimeout: 600,
        source: .directory(site),
        cache: .directory(cache), maxCacheBytes: maxCacheBytes, usesMainBundle: false))
  }

  static func names(_ dir: URL, _ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(
      atPath: dir.appendingPathComponent(folder).path)) ?? []).sorted()
  }

  @Test func nineteenLocalesFromOneURLStoreOnePayloadAndRestoreAll() async throws {
    let site = TestSupport.temporaryDirectory("ca-site")
    let cache = TestSupport.temporaryDirectory("ca-cache")
    defer {
      try? FileManager.default.removeItem(at: site)
      try? FileManager.default.removeItem(at: cache)
    }
    let body = Self.catalog(Self.locales)
    try Self.writeSite(
      site, version: 1,
      urls: Dictionary(uniqueKeysWithValues: Self.locales.map { ($0, "Localizable.xcstrings") }),
      files: ["Localizable.xcstrings": body])
    // The budget holds one copy of the body: distinct payloads count once.
    let client = try Self.client(site: site, cache: cache, maxCacheBytes: body.utf8.count + 10)
    let result = await client.checkForUpdates()
    #expect(result.status == .updated)
    #expect(result.updatedLocales.count == 19)
    let payloads = Self.names(cache, "payloads")
    #expect(payloads == [SHA256Digest.hex(body) + ".xcstrings"])
    #expect(Self.names(cache, "locales").count == 19)
    let stored = try Data(contentsOf: cache.appendingPathComponent("payloads/\(payloads[0])"))
    #expect(stored == Data(body.utf8))  // raw bytes, not JSON-escaped

    let restarted = try Self.client(site: site, cache: cache, maxCacheBytes: body.utf8.count + 10)
    #expect(restarted.cacheProblems.isEmpty)
    #expect(restarted.otaLocales.count == 19)
    for locale in Self.locales {
      #expect(restarted.localizedString("title", locale: locale) == "title-\(locale)")
    }
  }

  @Test func droppedLocalesAndReplacedBodiesAreGarbageCollected() async throws {
    let site = TestSupport.temporaryDirectory("ca-gc-site")
    let cache = TestSupport.temporaryDirectory("ca-gc-cache")
    defer {
      try? FileManager.default.removeItem(at: site)
      try? FileManager.default.removeItem(at: cache)
    }
    let shared = Self.catalog(["de", "fr"])
    let italian = Self.catalog(["it"])
    try Self.writeSite(
      site, version: 1, urls: ["de": "all.xcstrings", "fr": "all.xcstrings", "it": "it.xcstrings"],
      files: ["all.xcstrings": shared, "it.xcstrings": italian])
    let client = try Self.client(site: site, cache: cache)
    #expect(await client.checkForUpdates().updatedLocales == ["de", "fr", "it"])
    #expect(
      Self.names(cache, "payloads")
        == [SHA256Digest.hex(shared), SHA256Digest.hex(italian)].sorted().map { $0 + ".xcstrings" })

    // it is dropped: its record and its payload go; the shared payload stays.
    try Self.writeSite(
      site, version: 2, urls: ["de": "all.xcstrings", "fr": "all.xcstrings"], files: [:])
    #expect(await client.checkForUpdates().removedLocales == ["it"])
    #expect(Self.names(cache, "locales") == ["de.json", "fr.json"])
    #expect(Self.names(cache, "payloads") == [SHA256Digest.hex(shared) + ".xcstrings"])

    // The shared body changes: the old payload is no longer referenced and is removed.
    let changed = Self.catalog(["de", "fr"], suffix: "!")
    try Self.writeSite(
      site, version: 3, urls: ["de": "all.xcstrings", "fr": "all.xcstrings"],
      files: ["all.xcstrings": changed])
    #expect(await client.checkForUpdates().updatedLocales == ["de", "fr"])
    #expect(Self.names(cache, "payloads") == [SHA256Digest.hex(changed) + ".xcstrings"])
    let restarted = try Self.client(site: site, cache: cache)
    #expect(restarted.cacheProblems.isEmpty)
    #expect(restarted.localizedString("title", locale: "fr") == "title-fr!")
  }

  /// A crash between the payload and the record leaves a stray temporary payload file or a record
  /// whose payload is missing; a damaged payload fails its digest. Each is ignored with a problem.
  @Test func crashLeftoversAndDamagedPayloadsAreIgnored() throws {
    let dir = TestSupport.temporaryDirectory("ca-crash")
    defer { try? FileManager.default.removeItem(at: dir) }
    let cache = ReRuneDiskCache(directory: dir)
    try cache.saveManifest(
      .init(
        body: TestSupport.manifest(version: 4, locales: ["de": 1, "fr": 1, "it": 1]), etag: nil))
    let german = TestSupport.payload("de", ["title": "Titel"])
    let french = TestSupport.payload("fr", ["title": "Titre"])
    let italian = TestSupport.payload("it", ["title": "Titolo"])
    for (locale, body) in [("de", german), ("fr", french), ("it", italian)] {
      try cache.saveLocale(.init(localeTag: locale, payload: body, etag: "\"\(locale)\""))
    }
    let payloads = dir.appendingPathComponent("payloads")
    // A payload written to its temporary name when the process died (no record yet).
    try Data("{\"strings\":".utf8).write(
      to: payloads.appendingPathComponent(".\(String(repeating: "a", count: 64)).xcstrings.9.tmp"))
    // fr's record survived but its payload did not.
    try FileManager.default.removeItem(
      at: payloads.appendingPathComponent(SHA256Digest.hex(french) + ".xcstrings"))
    // it's payload was damaged after it was written.
    try Data(italian.replacingOccurrences(of: "Titolo", with: "Titolx").utf8).write(
      to: payloads.appendingPathComponent(SHA256Digest.hex(italian) + ".xcstrings"))
    let client = try ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: "p", updatePolicy: .init(checkOnStart: false), cache: .directory(dir),
        usesMainBundle: false))
    #expect(client.revision == 4)
    #expect(Set(client.otaLocales.keys) == ["de"])
    #expect(client.localizedString("title", locale: "de") == "Titel")
    #expect(client.cacheProblems.count == 2)
    #expect(
      client.cacheProblems.contains { $0.contains("fr.json") && $0.contains("payload is unusable") }
    )
    #expect(
      client.cacheProblems.contains { $0.contains("it.json") && $0.contains("does not match") })
  }

  /// A payload file that is a symlink is not followed.
  @Test func payloadFilesMustBeRegularFiles() throws {
    let dir = TestSupport.temporaryDirectory("ca-symlink")
    defer { try? FileManager.default.removeItem(at: dir) }
    let cache = ReRuneDiskCache(directory: dir)
    let german = TestSupport.payload("de", ["title": "Titel"])
    try cache.saveLocale(.init(localeTag: "de", payload: german, etag: nil))
    let file = dir.appendingPathComponent("payloads/\(SHA256Digest.hex(german)).xcstrings")
    let elsewhere = dir.appendingPathComponent("elsewhere.xcstrings")
    try FileManager.default.moveItem(at: file, to: elsewhere)
    try FileManager.default.createSymbolicLink(at: file, withDestinationURL: elsewhere)
    var problems: [String] = []
    #expect(cache.loadLocales(problems: &problems).isEmpty)
    #expect(problems.count == 1)
    #expect(problems.first?.contains("not a regular file") == true)
  }

  /// A cache written by an older version (the payload inline in each record) still loads, and
  /// the next update rewrites it in the new layout.
  @Test func oldFormatCacheLoadsAndIsRewritten() async throws {
    let site = TestSupport.temporaryDirectory("ca-old-site")
    let dir = TestSupport.temporaryDirectory("ca-old")
    defer {
      try? FileManager.default.removeItem(at: site)
      try? FileManager.default.removeItem(at: dir)
    }
    let cache = ReRuneDiskCache(directory: dir)
    try cache.saveManifest(
      .init(body: TestSupport.manifest(version: 1, locales: ["de": 1]), etag: nil))
    let locales = dir.appendingPathComponent("locales")
    try FileManager.default.createDirectory(at: locales, withIntermediateDirectories: true)
    try JSONEncoder().encode(
      ReRuneDiskCache.CachedLocale(
        localeTag: "de", payload: TestSupport.payload("de", ["title": "Alt"]), etag: "\"old\"")
    ).write(to: locales.appendingPathComponent("de.json"))
    let restored = try Self.client(site: site, cache: dir)
    #expect(restored.cacheProblems.isEmpty)
    #expect(restored.localizedString("title", locale: "de") == "Alt")

    let body = TestSupport.payload("de", ["title": "Neu"])
    try Self.writeSite(
      site, version: 2, urls: ["de": "de.xcstrings"], files: ["de.xcstrings": body])
    #expect(await restored.checkForUpdates().updatedLocales == ["de"])
    let record = try String(contentsOf: locales.appendingPathComponent("de.json"), encoding: .utf8)
    #expect(record.contains(SHA256Digest.hex(body)))
    #expect(!record.contains("Neu"))
    #expect(Self.names(dir, "payloads") == [SHA256Digest.hex(body) + ".xcstrings"])
    #expect(try Self.client(site: site, cache: dir).localizedString("title", locale: "de") == "Neu")
  }

  /// The directory transport remembers the last body it hashed; a changed body of the same size
  /// still gets its own ETag.
  @Test func directoryETagsFollowTheBytes() async throws {
    let site = TestSupport.temporaryDirectory("ca-etag")
    defer { try? FileManager.default.removeItem(at: site) }
    let file = site.appendingPathComponent("de.xcstrings")
    let transport = ReRuneDirectoryTransport(directory: site)
    var tags: [String?] = []
    for body in ["{\"a\":1}", "{\"a\":1}", "{\"a\":2}"] {
      try body.write(to: file, atomically: true, encoding: .utf8)
      guard
        case .fetched(let data, let etag) = try await transport.fetchLocale(
          "de", url: nil, etag: nil)
      else {
        Issue.record("not fetched")
        return
      }
      #expect(etag == ReRuneDirectoryTransport.etag(for: data))
      tags.append(etag)
    }
    #expect(tags[0] == tags[1])
    #expect(tags[1] != tags[2])
  }
}
