import Foundation
import MessagevisorLocking
import ReRune
import Testing

@Suite("ReRune cache, setup and lookup")
struct CacheAndClientTests {
  @Test(arguments: ["", "   ", "\n\t "])
  func blankPublishIdIsRejected(id: String) {
    #expect(throws: ReRuneSetupError.blankPublishId) {
      _ = try ReRuneClient(otaPublishId: id, cache: .disabled)
    }
    #expect(ReRuneSetupError.blankPublishId.description.contains("otaPublishId"))
  }

  /// The only test that touches the global API (so "before setup" is really before setup).
  @Test func globalAPILifecycle() async throws {
    #expect(reRuneSharedClient == nil)
    let early = await reRuneCheckForUpdates()
    #expect(early.status == .failed)
    #expect(
      early.errorMessage
        == "reRuneSetup(otaPublishId:) must be called before reRuneCheckForUpdates().")
    #expect(reRuneRevision == 0)

    let site = TestSupport.temporaryDirectory("global-site")
    let cache = TestSupport.temporaryDirectory("global-cache")
    defer {
      try? FileManager.default.removeItem(at: site)
      try? FileManager.default.removeItem(at: cache)
    }
    try TestSupport.manifest(version: 6, locales: ["de": 1]).write(
      to: site.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    try TestSupport.payload("de", ["greeting": "Hallo"]).write(
      to: site.appendingPathComponent("de.xcstrings"), atomically: true, encoding: .utf8)
    reRuneSetup(
      otaPublishId: " demo ", updatePolicy: ReRuneUpdatePolicy(checkOnStart: false),
      source: .directory(site), cache: .directory(cache), preferredLanguages: ["de-DE"])
    var revisions = reRuneRevisionStream.makeAsyncIterator()
    #expect(await revisions.next() == 0)
    #expect(NSLocalizedString("greeting", comment: "") == "greeting")
    let result = await reRuneCheckForUpdates()
    #expect(result.status == .updated)
    #expect(await revisions.next() == 6)
    #expect(reRuneRevision == 6)
    #expect(reRuneLocalizedString("greeting") == "Hallo")
    #expect(NSLocalizedString("greeting", comment: "") == "Hallo")
    #expect(NSLocalizedString("greeting", tableName: "Other", comment: "") == "greeting")
    #expect(reRuneSharedClient?.configuration.otaPublishId == "demo")
    reRuneSharedClient?.stop()
  }

  @Test func defaultCacheDirectoryUsesXDGAndHashedId() {
    let url = ReRuneDiskCache.defaultDirectory(publishId: "abc")
    #expect(url.lastPathComponent == SHA256Digest.hex("abc"))
    #expect(url.deletingLastPathComponent().lastPathComponent == "ReRune")
    #expect(
      SHA256Digest.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256Digest.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    let long = String(repeating: "a", count: 1000)
    #expect(
      SHA256Digest.hex(long) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
  }

  @Test(arguments: [
    ("de", "de.json"), ("zh-Hant", "zh-Hant.json"), ("pt_BR", "pt_BR.json"), ("a.b", "a%2Eb.json"),
    ("ü", "%C3%BC.json"), ("sr Latn", "sr%20Latn.json"),
  ])
  func localeFileNamesAreEncoded(key: String, expected: String) {
    #expect(ReRuneDiskCache.fileName(forLocale: key) == expected)
  }

  @Test(arguments: [
    "", "../x", "%2e%2e/x", "..", "a/b", "a\\b", "de\u{0}", String(repeating: "x", count: 300),
  ])
  func unsafeLocaleKeysHaveNoFileName(key: String) {
    #expect(ReRuneDiskCache.fileName(forLocale: key) == nil)
  }

  @Test func killedMidWriteLeavesALoadableCache() throws {
    let dir = TestSupport.temporaryDirectory("midwrite")
    defer { try? FileManager.default.removeItem(at: dir) }
    let cache = ReRuneDiskCache(directory: dir)
    try cache.saveManifest(
      .init(
        body: TestSupport.manifest(version: 5, locales: ["de": 1, "fr": 1, "it": 1]), etag: "\"m\"")
    )
    try cache.saveLocale(
      .init(localeTag: "de", payload: TestSupport.payload("de", ["title": "Titel"]), etag: "\"d\""))
    let locales = dir.appendingPathComponent("locales")
    // A temp file left by a killed writer, and a half-written record at the final name.
    try Data("{\"localeTag\":\"de\",\"payl".utf8).write(
      to: locales.appendingPathComponent(".de.json.1234.tmp"))
    let full = try JSONEncoder().encode(
      ReRuneDiskCache.CachedLocale(
        localeTag: "fr", payload: TestSupport.payload("fr", ["title": "Titre"]), etag: nil))
    try full.prefix(full.count / 2).write(to: locales.appendingPathComponent("fr.json"))
    // A record whose content claims another locale than its file name.
    try JSONEncoder().encode(
      ReRuneDiskCache.CachedLocale(localeTag: "../evil", payload: "{}", etag: nil)
    ).write(to: locales.appendingPathComponent("it.json"))
    let diagnostics = Locked<[String]>([])
    let client = try ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: "p", updatePolicy: .init(checkOnStart: false), cache: .directory(dir),
        preferredLanguages: ["fr"], usesMainBundle: false,
        onDiagnostic: { message in diagnostics.withLock { $0.append(message) } }))
    #expect(client.revision == 5)
    #expect(client.localizedString("title", locale: "de") == "Titel")
    #expect(client.localizedString("title") == "title")  // fr was corrupt → ignored
    #expect(client.cacheProblems.count == 2)
    #expect(client.cacheProblems.contains { $0.contains("fr.json") })
    #expect(client.cacheProblems.contains { $0.contains("it.json") })
    #expect(diagnostics.withLock { $0 }.count == 2)
  }

  @Test func atomicWriteReplacesAndLeavesNoTemporaryFiles() throws {
    let dir = TestSupport.temporaryDirectory("atomic")
    defer { try? FileManager.default.removeItem(at: dir) }
    let cache = ReRuneDiskCache(directory: dir)
    for i in 0..<5 {
      try cache.saveLocale(.init(localeTag: "de", payload: "p\(i)", etag: nil))
    }
    let names = try FileManager.default.contentsOfDirectory(
      atPath: dir.appendingPathComponent("locales").path)
    #expect(names == ["de.json"])
    var problems: [String] = []
    #expect(cache.loadLocales(problems: &problems).map(\.payload) == ["p4"])
  }

  @Test func lookupOrderIsOTAThenBundledThenValueThenKey() async throws {
    let site = TestSupport.temporaryDirectory("site")
    defer { try? FileManager.default.removeItem(at: site) }
    try TestSupport.manifest(version: 2, locales: ["de": 1]).write(
      to: site.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    try TestSupport.payload("de", ["ota": "OTA de"]).write(
      to: site.appendingPathComponent("de.xcstrings"), atomically: true, encoding: .utf8)
    let bundled: [String: [String: CatalogEntry]] = [
      "de": [
        "bundled": try CatalogEntry.fromFormat("Gebündelt"),
        "ota": try CatalogEntry.fromFormat("alt"),
      ],
      "de-AT": ["regional": try CatalogEntry.fromFormat("Servus")],
    ]
    let client = try ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: "p", updatePolicy: .init(checkOnStart: false), source: .directory(site),
        cache: .disabled, preferredLanguages: ["de_AT"], bundled: bundled, usesMainBundle: false))
    #expect(client.localizedString("ota") == "alt")
    #expect(await client.checkForUpdates().status == .updated)
    #expect(client.localizedString("ota") == "OTA de")
    #expect(client.localizedString("ota", table: "Other") == "ota")
    #expect(client.localizedString("bundled") == "Gebündelt")
    #expect(client.localizedString("regional") == "Servus")
    #expect(client.localizedString("missing", value: "Fallback") == "Fallback")
    #expect(client.localizedString("missing") == "missing")
    #expect(ReRuneClient.localeChain("zh_Hant_TW") == ["zh-Hant-TW", "zh-Hant", "zh"])
  }

  @Test func directorySiteUsesContentETags() async throws {
    let site = TestSupport.temporaryDirectory("site")
    defer { try? FileManager.default.removeItem(at: site) }
    try TestSupport.manifest(version: 1, locales: ["de": 1, "fr": 1], urls: ["fr": "sub/fr.json"])
      .write(to: site.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    try TestSupport.payload("de", ["k": "de1"]).write(
      to: site.appendingPathComponent("de.xcstrings"), atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      at: site.appendingPathComponent("sub"), withIntermediateDirectories: true)
    try TestSupport.payload("fr", ["k": "fr1"]).write(
      to: site.appendingPathComponent("sub/fr.json"), atomically: true, encoding: .utf8)
    let cache = TestSupport.temporaryDirectory("sitecache")
    defer { try? FileManager.default.removeItem(at: cache) }
    let client = try ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: "p", updatePolicy: .init(checkOnStart: false), source: .directory(site),
        cache: .directory(cache), preferredLanguages: ["de"], usesMainBundle: false))
    #expect(await client.checkForUpdates().updatedLocales == ["de", "fr"])
    let again = await client.checkForUpdates()
    #expect(again.status == .noChange)
    #expect(again.localeOutcomes == ["de": .notModified, "fr": .notModified])
    try TestSupport.payload("de", ["k": "de2"]).write(
      to: site.appendingPathComponent("de.xcstrings"), atomically: true, encoding: .utf8)
    let third = await client.checkForUpdates()
    #expect(third.updatedLocales == ["de"])
    #expect(client.localizedString("k") == "de2")
    #expect(client.localizedString("k", locale: "fr") == "fr1")
  }

  @Test(arguments: [
    "../outside.json", "/etc/passwd", "file:///etc/passwd", "http://example.com/x", "a/../../x",
  ])
  func directorySiteRejectsEscapingURLs(url: String) {
    let transport = ReRuneDirectoryTransport(directory: URL(fileURLWithPath: "/tmp/site"))
    #expect(throws: ReRuneTransportError.self) { _ = try transport.localePath("de", url: url) }
  }

  @Test func httpTransportResolvesURLs() throws {
    let transport = ReRuneHTTPTransport(publishId: "p")
    #expect(
      transport.manifestLocation
        == "https://rerune.io/api/sdk/translations/manifest?platform=ios_xcstrings")
    #expect(
      try transport.localeLocation("de", url: nil)
        == "https://rerune.io/api/sdk/translations/ios_xcstrings/de")
    #expect(
      try transport.localeLocation("a b/c", url: nil)
        == "https://rerune.io/api/sdk/translations/ios_xcstrings/a%20b%2Fc")
    #expect(
      try transport.localeLocation("de", url: "de.json")
        == "https://rerune.io/api/sdk/translations/de.json")
    #expect(
      try transport.localeLocation("de", url: "https://cdn.example/x/de")
        == "https://cdn.example/x/de")
    #expect(throws: ReRuneTransportError.self) {
      _ = try transport.localeLocation("de", url: "ftp://x/de")
    }
    #expect(throws: ReRuneTransportError.self) {
      _ = try transport.localeLocation("de", url: "file:///etc/passwd")
    }
  }

  @Test func revisionStreamReplaysAndRepeats() async {
    let broadcaster = ReRuneRevisionBroadcaster(initial: 4)
    var iterator = broadcaster.stream().makeAsyncIterator()
    broadcaster.emit(5)
    broadcaster.emit(5)
    #expect(await iterator.next() == 4)
    #expect(await iterator.next() == 5)
    #expect(await iterator.next() == 5)
    let seen = Locked<[Int]>([])
    let unsubscribe = broadcaster.subscribe { value in seen.withLock { $0.append(value) } }
    broadcaster.emit(6)
    unsubscribe()
    broadcaster.emit(7)
    #expect(seen.withLock { $0 } == [5, 6])
  }

  @Test func updatePolicyInterval() {
    #expect(ReRuneUpdatePolicy().periodicInterval == nil)
    #expect(
      ReRuneUpdatePolicy(periodicIntervalInHours: 2, periodicIntervalInDays: 1).periodicInterval
        == 93_600)
    #expect(ReRuneUpdatePolicy(periodicIntervalInSeconds: 0.5).periodicInterval == 0.5)
    #expect(ReRuneUpdatePolicy(periodicIntervalInHours: -1).periodicInterval == nil)
  }
}

@Suite("ReRune site validation")
struct SiteValidatorTests {
  @Test func validatorListsEveryProblem() throws {
    let site = TestSupport.temporaryDirectory("validate")
    defer { try? FileManager.default.removeItem(at: site) }
    try """
    {"version": 3, "locales": {"de": {"version": 2}, "fr": {"version": 5, "url": "sub/fr.json"},
     "it": {"version": 1}, "es": {"version": 1, "url": "../x"}, "pt": {"version": 1, "url": "https://cdn/x"},
     "nl": {"version": 1}}}
    """.write(to: site.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      at: site.appendingPathComponent("sub"), withIntermediateDirectories: true)
    try TestSupport.payload("de", ["title": "Titel", "n": "%d Dinge"]).write(
      to: site.appendingPathComponent("de.xcstrings"), atomically: true, encoding: .utf8)
    try TestSupport.payload("fr", ["title": "Titre %n", "ok": "Bien"]).write(
      to: site.appendingPathComponent("sub/fr.json"), atomically: true, encoding: .utf8)
    try TestSupport.payload("en", ["title": "Title"]).write(
      to: site.appendingPathComponent("nl.xcstrings"), atomically: true, encoding: .utf8)
    let report = ReRuneSiteValidator.validate(site)
    #expect(report.problems.count == 4, "\(report.problems)")
    #expect(
      report.problems.contains {
        $0.contains("\"es\"") && $0.contains("escapes the site directory")
      })
    #expect(report.problems.contains { $0.contains("\"fr\"") && $0.contains("'%n'") })
    #expect(report.problems.contains { $0.contains("\"it\"") && $0.contains("missing") })
    #expect(report.problems.contains { $0.contains("\"pt\"") && $0.contains("relative path") })
    #expect(
      report.warnings.contains {
        $0.contains("\"fr\"") && $0.contains("greater than the manifest version")
      })
    #expect(report.keyCounts["de"] == 2)
    #expect(report.keyCounts["fr"] == 1)
    #expect(report.keyCounts["nl"] == 1)  // the only localization of the payload is used
  }

  @Test func validatorReportsManifestProblems() throws {
    let site = TestSupport.temporaryDirectory("validate")
    defer { try? FileManager.default.removeItem(at: site) }
    try "{\"version\": 1.5, \"locales\": {\"de\": {}}}".write(
      to: site.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    let report = ReRuneSiteValidator.validate(site)
    #expect(report.problems.count == 2, "\(report.problems)")
  }
}
