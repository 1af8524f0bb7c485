import Foundation
import MessagevisorLocking
import ReRune
import Testing

/// Checks against a real HTTP server on 127.0.0.1 (Server/ota_test_server.py).
@Suite("ReRune network checks", .serialized)
struct NetworkCheckTests {
  /// Server with manifest v1 and one German payload applied through a first check.
  struct Fixture {
    let server: TestServer
    let cache: URL
    let client: ReRuneClient

    init(timeout: TimeInterval = 30, maxPayload: Int = 8 * 1024 * 1024) async throws {
      server = try TestServer()
      cache = TestSupport.temporaryDirectory()
      try await server.route(
        TestServer.manifestPath, body: TestSupport.manifest(version: 1, locales: ["de": 1]))
      try await server.route(
        TestServer.localePath("de"), body: TestSupport.payload("de", ["title": "Titel v1"]))
      // The first check uses a generous timeout (the machine may be busy); the client under test is a
      // second one restored from the same cache with the requested timeout and limit.
      let seeding = try TestSupport.client(server: server, cache: cache)
      let first = await seeding.checkForUpdates()
      #expect(first.status == .updated)
      #expect(seeding.localizedString("title") == "Titel v1")
      client = try TestSupport.client(
        server: server, cache: cache, timeout: timeout, maxPayload: maxPayload)
      #expect(client.localizedString("title") == "Titel v1")
    }

    func close() {
      server.stop()
      try? FileManager.default.removeItem(at: cache)
    }

    /// Content applied by the first check is still served.
    func expectOldContent(sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(client.localizedString("title") == "Titel v1", sourceLocation: sourceLocation)
      #expect(client.revision == 1, sourceLocation: sourceLocation)
    }
  }

  @Test func firstCheckAppliesAndSendsHeaders() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let cache = TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    try await server.route(
      TestServer.manifestPath,
      body: TestSupport.manifest(
        version: 7, locales: ["de": 3, "fr": 1], urls: ["fr": "payloads/fr.json"]))
    try await server.route(
      TestServer.localePath("de"), body: TestSupport.payload("de", ["title": "Titel"]))
    try await server.route(
      "/api/sdk/translations/payloads/fr.json", body: TestSupport.payload("fr", ["title": "Titre"]))
    let client = try TestSupport.client(server: server, cache: cache, publishId: "  pub-42 \n")
    let emitted = Locked<[Int]>([])
    let unsubscribe = client.onRevision { value in emitted.withLock { $0.append(value) } }
    defer { unsubscribe() }
    let result = await client.checkForUpdates()
    #expect(result.status == .updated)
    #expect(result.updatedLocales == ["de", "fr"])
    #expect(result.revision == 7)
    #expect(client.revision == 7)
    #expect(client.localizedString("title") == "Titel")
    #expect(client.localizedString("title", locale: "fr-CA") == "Titre")
    #expect(emitted.withLock { $0 } == [0, 7])
    let requests = try await server.requests()
    let manifest = try #require(requests.first { $0.path == TestServer.manifestPath })
    #expect(manifest.header("X-OTA-Publish-Id") == "pub-42")
    #expect(manifest.header("If-None-Match") == nil)
    #expect(!requests.contains { $0.path.contains("pub-42") })
    #expect(requests.contains { $0.path == "/api/sdk/translations/payloads/fr.json" })
    #expect(requests.allSatisfy { $0.header("X-OTA-Publish-Id") == "pub-42" })
  }

  @Test func notModifiedManifestAndLocalesRevalidate() async throws {
    let f = try await Fixture()
    defer { f.close() }
    let emitted = Locked<[Int]>([])
    let unsubscribe = f.client.onRevision { value in emitted.withLock { $0.append(value) } }
    defer { unsubscribe() }
    let second = await f.client.checkForUpdates()
    #expect(second.status == .noChange)
    #expect(second.localeOutcomes == ["de": .notModified])
    let requests = try await f.server.requests()
    let manifests = requests.filter { $0.path == TestServer.manifestPath }
    let locales = requests.filter { $0.path == TestServer.localePath("de") }
    #expect(manifests.count == 2 && locales.count == 2)
    #expect(manifests.last?.header("If-None-Match") != nil)
    #expect(locales.last?.header("If-None-Match") != nil)
    #expect(emitted.withLock { $0 } == [1])  // replay only, no emission for a no-op check
    f.expectOldContent()
  }

  @Test func newManifestVersionWithUnchangedLocalesDoesNotEmit() async throws {
    let f = try await Fixture()
    defer { f.close() }
    try await f.server.route(
      TestServer.manifestPath, body: TestSupport.manifest(version: 2, locales: ["de": 1]))
    let result = await f.client.checkForUpdates()
    #expect(result.status == .noChange)
    #expect(f.client.revision == 1)
  }

  @Test func changedPayloadUnderSameRevisionEmitsTheSameNumberAgain() async throws {
    let f = try await Fixture()
    defer { f.close() }
    let emitted = Locked<[Int]>([])
    let unsubscribe = f.client.onRevision { value in emitted.withLock { $0.append(value) } }
    defer { unsubscribe() }
    try await f.server.route(
      TestServer.localePath("de"), body: TestSupport.payload("de", ["title": "Titel v1b"]))
    let result = await f.client.checkForUpdates()
    #expect(result.status == .updated)
    #expect(f.client.localizedString("title") == "Titel v1b")
    #expect(emitted.withLock { $0 } == [1, 1])
  }

  @Test(arguments: [404, 500, 503])
  func manifestBadStatusFails(status: Int) async throws {
    let f = try await Fixture()
    defer { f.close() }
    try await f.server.route(TestServer.manifestPath, status: status)
    let result = await f.client.checkForUpdates()
    #expect(result.status == .failed)
    #expect(result.errorMessage?.contains("Failed to fetch OTA manifest") == true)
    #expect(result.errorMessage?.contains("\(status)") == true)
    f.expectOldContent()
  }

  @Test(arguments: [404, 500])
  func localeBadStatusIsSoft(status: Int) async throws {
    let f = try await Fixture()
    defer { f.close() }
    try await f.server.route(TestServer.localePath("de"), status: status)
    let result = await f.client.checkForUpdates()
    #expect(result.status == .noChange)
    guard case .failed(let reason) = result.localeOutcomes["de"] else {
      Issue.record(
        "expected failed outcome, got \(String(describing: result.localeOutcomes["de"]))")
      return
    }
    #expect(reason.contains("\(status)"))
    f.expectOldContent()
  }

  @Test func softLocaleFailureWithAnotherLocaleUpdatedIsUpdated() async throws {
    let f = try await Fixture()
    defer { f.close() }
    try await f.server.route(
      TestServer.manifestPath, body: TestSupport.manifest(version: 2, locales: ["de": 2, "fr": 1]))
    try await f.server.route(TestServer.localePath("de"), status: 500)
    try await f.server.route(
      TestServer.localePath("fr"), body: TestSupport.payload("fr", ["title": "Titre"]))
    let result = await f.client.checkForUpdates()
    #expect(result.status == .updated)
    #expect(result.updatedLocales == ["fr"])
    #expect(f.client.revision == 2)
    #expect(f.client.localizedString("title") == "Titel v1")
    #expect(f.client.localizedString("title", locale: "fr") == "Titre")
  }

  @Test func slowManifestTimesOut() async throws {
    let f = try await Fixture(timeout: 1)
    defer { f.close() }
    try await f.server.route(
      TestServer.manifestPath, body: TestSupport.manifest(version: 2, locales: ["de": 2]), delay: 4)
    let result = await f.client.checkForUpdates()
    #expect(result.status == .failed)
    #expect(result.errorMessage?.contains("timed out") == true)
    f.expectOldContent()
  }

  @Test func slowLocaleTimesOutSoftly() async throws {
    let f = try await Fixture(timeout: 1)
    defer { f.close() }
    try await f.server.route(
      TestServer.localePath("de"), body: TestSupport.payload("de", ["title": "late"]), delay: 4)
    let result = await f.client.checkForUpdates()
    #expect(result.status == .noChange)
    #expect(result.localeOutcomes["de"]?.description.contains("timed out") == true)
    f.expectOldContent()
  }

  @Test func truncatedManifestFails() async throws {
    let f = try await Fixture()
    defer { f.close() }
    try await f.server.route(
      TestServer.manifestPath, body: TestSupport.manifest(version: 2, locales: ["de": 2]),
      truncate: true)
    let result = await f.client.checkForUpdates()
    #expect(result.status == .failed)
    f.expectOldContent()
  }

  @Test func truncatedLocaleIsSoft() async throws {
    let f = try await Fixture()
    defer { f.close() }
    try await f.server.route(
      TestServer.localePath("de"), body: TestSupport.payload("de", ["title": "cut"]), truncate: true
    )
    let result = await f.client.checkForUpdates()
    #expect(result.status == .noChange)
    #expect(result.localeOutcomes["de"] != .updated)
    f.expectOldContent()
  }

  @Test func invalidManifestJSONFailsAndIsNotPersisted() async throws {
    let f = try await Fixture()
    defer { f.close() }
    try await f.server.route(TestServer.manifestPath, body: "{\"version\": 2, \"locales\": {")
    let result = await f.client.checkForUpdates()
    #expect(result.status == .failed)
    #expect(result.errorMessage?.contains("Failed to parse OTA manifest") == true)
    f.expectOldContent()
    // A new client restores the previously persisted manifest, not the broken one.
    let restored = try TestSupport.client(server: f.server, cache: f.cache)
    #expect(restored.manifest == ReRuneManifest(version: 1, locales: ["de": .init(version: 1)]))
  }

  static let invalidManifests: [String] = [
    "[]",
    "\"text\"",
    "{\"locales\": {}}",
    "{\"version\": \"1\", \"locales\": {}}",
    "{\"version\": 1.5, \"locales\": {}}",
    "{\"version\": -1, \"locales\": {}}",
    "{\"version\": true, \"locales\": {}}",
    "{\"version\": 1}",
    "{\"version\": 1, \"locales\": []}",
    "{\"version\": 1, \"translations\": {\"de\": {\"version\": 1}}}",
    "{\"version\": 1, \"locales\": {\"de\": 1}}",
    "{\"version\": 1, \"locales\": {\"de\": {}}}",
    "{\"version\": 1, \"locales\": {\"de\": {\"version\": \"2\"}}}",
    "{\"version\": 1, \"locales\": {\"de\": {\"version\": 1, \"url\": 5}}}",
    "{\"version\": 1, \"locales\": {\"de\": {\"version\": 1}, \"fr\": null}}",
  ]

  @Test(arguments: invalidManifests)
  func invalidManifestShapeFails(body: String) async throws {
    let f = try await Fixture()
    defer { f.close() }
    try await f.server.route(TestServer.manifestPath, body: body)
    let result = await f.client.checkForUpdates()
    #expect(result.status == .failed)
    #expect(result.errorMessage?.contains("Failed to parse OTA manifest") == true)
    f.expectOldContent()
  }

  @Test func invalidCatalogPayloadIsSoft() async throws {
    let f = try await Fixture()
    defer { f.close() }
    try await f.server.route(TestServer.localePath("de"), body: "{\"strings\": 3}")
    let result = await f.client.checkForUpdates()
    #expect(result.status == .noChange)
    #expect(result.localeOutcomes["de"]?.description.contains("strings") == true)
    f.expectOldContent()
  }

  @Test func oversizedPayloadIsRejected() async throws {
    let f = try await Fixture(maxPayload: 4096)
    defer { f.close() }
    let big = TestSupport.payload("de", ["title": String(repeating: "x", count: 10_000)])
    try await f.server.route(TestServer.localePath("de"), body: big)
    let result = await f.client.checkForUpdates()
    #expect(result.status == .noChange)
    #expect(result.localeOutcomes["de"]?.description.contains("exceeds the limit") == true)
    f.expectOldContent()
  }

  @Test func connectionRefusedFails() async throws {
    let f = try await Fixture()
    defer { f.close() }
    f.server.stop()
    let result = await f.client.checkForUpdates()
    #expect(result.status == .failed)
    #expect(result.errorMessage?.contains("Failed to fetch OTA manifest") == true)
    f.expectOldContent()
  }

  @Test func offlineStartServesCachedContent() async throws {
    let f = try await Fixture()
    defer { f.close() }
    f.server.stop()
    let offline = try TestSupport.client(server: f.server, cache: f.cache)
    #expect(offline.revision == 1)
    #expect(offline.localizedString("title") == "Titel v1")
    var iterator = offline.revisionStream().makeAsyncIterator()
    #expect(await iterator.next() == 1)
    #expect(await offline.checkForUpdates().status == .failed)
    #expect(offline.localizedString("title") == "Titel v1")
  }

  @Test func concurrentChecksShareOneRequest() async throws {
    let f = try await Fixture()
    defer { f.close() }
    try await f.server.route(
      TestServer.manifestPath, body: TestSupport.manifest(version: 2, locales: ["de": 2]),
      delay: 0.4)
    try await f.server.route(
      TestServer.localePath("de"), body: TestSupport.payload("de", ["title": "Titel v2"]))
    let client = f.client
    let results = await withTaskGroup(of: ReRuneUpdateResult.self) { group in
      for _ in 0..<5 { group.addTask { await client.checkForUpdates() } }
      var all: [ReRuneUpdateResult] = []
      for await r in group { all.append(r) }
      return all
    }
    #expect(results.count == 5)
    #expect(results.allSatisfy { $0 == results[0] && $0.status == .updated })
    #expect(try await f.server.count(TestServer.manifestPath) == 2)  // first check + one shared
    #expect(client.localizedString("title") == "Titel v2")
  }

  @Test func checkSurvivesCallerCancellation() async throws {
    let f = try await Fixture()
    defer { f.close() }
    try await f.server.route(
      TestServer.manifestPath, body: TestSupport.manifest(version: 3, locales: ["de": 3]),
      delay: 0.3)
    try await f.server.route(
      TestServer.localePath("de"), body: TestSupport.payload("de", ["title": "Titel v3"]))
    let client = f.client
    let caller = Task { await client.checkForUpdates() }
    try await Task.sleep(nanoseconds: 50_000_000)
    caller.cancel()
    let result = await caller.value
    #expect(result.status == .updated)
    #expect(client.revision == 3)
    #expect(client.localizedString("title") == "Titel v3")
  }

  @Test(arguments: ["de\u{0}x", "nl\u{1B}[2J", "ar\u{202E}x", "fr\u{2028}"])
  func manifestWithAControlCharacterInALocaleKeyFailsWhole(key: String) async throws {
    let server = try TestServer()
    defer { server.stop() }
    let cache = TestSupport.temporaryDirectory("control-key")
    defer { try? FileManager.default.removeItem(at: cache) }
    try await server.route(
      TestServer.manifestPath, body: TestSupport.manifest(version: 4, locales: ["de": 1, key: 1]))
    try await server.route(
      TestServer.localePath("de"), body: TestSupport.payload("de", ["title": "Titel"]))
    let client = try TestSupport.client(server: server, cache: cache)
    let result = await client.checkForUpdates()
    #expect(result.status == .failed)
    #expect(client.localizedString("title") == "title")
    #expect(
      try await server.requests().filter { $0.path != TestServer.manifestPath }.isEmpty,
      "no payload is fetched for a rejected manifest")
  }

  @Test func hostileLocaleKeysNeverEscapeTheCache() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let parent = TestSupport.temporaryDirectory("hostile")
    defer { try? FileManager.default.removeItem(at: parent) }
    let cache = parent.appendingPathComponent("cache", isDirectory: true)
    // Printable keys that are unsafe as file names fail softly, one locale each. (A key with a
    // control character rejects the whole manifest: see the next test.)
    let hostile = ["../x", "%2e%2e/x", String(repeating: "a", count: 300), ".."]
    var locales = ["de": 1]
    for key in hostile { locales[key] = 1 }
    try await server.route(
      TestServer.manifestPath, body: TestSupport.manifest(version: 4, locales: locales))
    try await server.route(
      TestServer.localePath("de"), body: TestSupport.payload("de", ["title": "Titel"]))
    let client = try TestSupport.client(server: server, cache: cache)
    let result = await client.checkForUpdates()
    #expect(result.status == .updated)
    #expect(result.updatedLocales == ["de"])
    for key in hostile {
      #expect(
        result.localeOutcomes[key]?.description.contains("not safe") == true,
        "\(key.debugDescription)")
    }
    // Only the cache directory exists in the parent; inside it only manifest.json and locales/de.json.
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["cache"])
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: cache.appendingPathComponent("locales").path) == ["de.json"])
    #expect(
      try await server.requests().filter { $0.path != TestServer.manifestPath }.map(\.path) == [
        TestServer.localePath("de")
      ])
  }

  @Test func controlCharactersInALocaleKeyRejectTheManifest() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let cache = TestSupport.temporaryDirectory("hostile-key")
    defer { try? FileManager.default.removeItem(at: cache) }
    try await server.route(
      TestServer.manifestPath,
      body: TestSupport.manifest(version: 4, locales: ["de": 1, "de\u{0}x\u{1B}[2J\u{202E}": 1]))
    try await server.route(
      TestServer.localePath("de"), body: TestSupport.payload("de", ["title": "Titel"]))
    let client = try TestSupport.client(server: server, cache: cache)
    let result = await client.checkForUpdates()
    #expect(result.status == .failed)
    let message = try #require(result.errorMessage)
    #expect(message.contains("locale key \"de\\u{0000}x\\u{001B}[2J\\u{202E}\""))
    #expect(!message.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x202E }))
    #expect(
      try await server.requests().filter { $0.path != TestServer.manifestPath }.isEmpty)
  }

  @Test func periodicPolicyChecksRepeatedly() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let cache = TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    try await server.route(
      TestServer.manifestPath, body: TestSupport.manifest(version: 1, locales: [:]))
    let client = try TestSupport.client(
      server: server, cache: cache,
      policy: ReRuneUpdatePolicy(checkOnStart: true, periodicIntervalInSeconds: 0.1))
    client.start()
    defer { client.stop() }
    var count = 0
    for _ in 0..<100 {  // at most ~10 s
      count = try await server.count(TestServer.manifestPath)
      if count >= 3 { break }
      try await Task.sleep(nanoseconds: 100_000_000)
    }
    #expect(count >= 3)
  }

  @Test func checkOnStartFalseMakesNoRequest() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let cache = TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let client = try TestSupport.client(server: server, cache: cache)
    client.start()
    try await Task.sleep(nanoseconds: 300_000_000)
    #expect(try await server.requests().isEmpty)
    client.stop()
  }
}
