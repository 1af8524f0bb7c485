import Foundation
import ReRune
import Testing

/// The HTTP transport against a server that misbehaves on purpose (Server/ota_fault_server.py):
/// issue 16 findings 1–4 and 12. Limits are set small so that each case ends at its limit; the
/// assertions check the kind of error and how much the server managed to send, never wall-clock time.
@Suite("ReRune hostile servers", .serialized)
struct HostileServerTests {
  static let manifestPath = TestServer.manifestPath
  static func localePath(_ locale: String) -> String { TestServer.localePath(locale) }

  static func client(
    _ server: FaultServer, cache: URL? = nil, timeout: TimeInterval = 10,
    checkTimeout: TimeInterval = 120, maxPayload: Int = 8 * 1024 * 1024,
    maxLocales: Int = 1_000, concurrency: Int = 6, maxCacheBytes: Int = 64 * 1024 * 1024,
    publishId: String = "pub-secret"
  ) throws -> ReRuneClient {
    try ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: publishId, updatePolicy: ReRuneUpdatePolicy(checkOnStart: false),
        requestTimeout: timeout, checkTimeout: checkTimeout,
        source: .remote(baseURL: server.baseURL),
        cache: cache.map { .directory($0) } ?? .disabled, maxPayloadBytes: maxPayload,
        maxManifestLocales: maxLocales, maxConcurrentFetches: concurrency,
        maxCacheBytes: maxCacheBytes, preferredLanguages: ["de"], usesMainBundle: false))
  }

  static func transport(_ server: FaultServer, maxPayload: Int = 8 * 1024 * 1024)
    -> ReRuneHTTPTransport
  {
    ReRuneHTTPTransport(
      baseURL: server.baseURL, publishId: "pub-secret", requestTimeout: 10,
      maxPayloadBytes: maxPayload)
  }

  static func reason(_ result: ReRuneUpdateResult, _ locale: String) -> String {
    guard case .failed(let reason) = result.localeOutcomes[locale] else {
      return "not failed: \(String(describing: result.localeOutcomes[locale]))"
    }
    return reason
  }

  static func errorOf(_ body: () async throws(ReRuneTransportError) -> ReRuneFetchResult) async
    -> ReRuneTransportError?
  {
    do {
      _ = try await body()
      return nil
    } catch {
      return error
    }
  }

  // MARK: Finding 1: responses that end early

  static let brokenModes = ["status_only", "partial_headers", "close", "garbage"]

  @Test(arguments: brokenModes)
  func brokenManifestResponseIsAFailedCheck(mode: String) async throws {
    let server = try FaultServer()
    defer { server.stop() }
    try await server.route(Self.manifestPath, mode: mode)
    let client = try Self.client(server)
    let result = await client.checkForUpdates()
    #expect(result.status == .failed)
    #expect(result.errorMessage?.contains("Failed to fetch OTA manifest") == true)
    // The same client object keeps working once the server behaves.
    try await server.route(
      Self.manifestPath, body: TestSupport.manifest(version: 3, locales: ["de": 1]))
    try await server.route(
      Self.localePath("de"), body: TestSupport.payload("de", ["title": "Titel"]))
    let second = await client.checkForUpdates()
    #expect(second.status == .updated)
    #expect(client.localizedString("title") == "Titel")
  }

  @Test(arguments: brokenModes)
  func brokenPayloadResponseIsASoftFailure(mode: String) async throws {
    let server = try FaultServer()
    defer { server.stop() }
    try await server.route(
      Self.manifestPath, body: TestSupport.manifest(version: 2, locales: ["de": 1, "fr": 1]))
    try await server.route(Self.localePath("de"), mode: mode)
    try await server.route(
      Self.localePath("fr"), body: TestSupport.payload("fr", ["title": "Titre"]))
    let client = try Self.client(server)
    let result = await client.checkForUpdates()
    #expect(result.status == .updated)
    #expect(result.updatedLocales == ["fr"])
    #expect(Self.reason(result, "de").contains("request failed"))
  }

  // MARK: Finding 2: trickling servers

  @Test func tricklingManifestEndsAtTheCheckDeadline() async throws {
    let server = try FaultServer()
    defer { server.stop() }
    // 1 byte every 0.5 s: each byte would restart a per-request idle timeout.
    try await server.route(Self.manifestPath, mode: "trickle", ["length": 120, "interval": 0.5])
    let client = try Self.client(server, timeout: 60, checkTimeout: 2)
    let result = await client.checkForUpdates()
    #expect(result.status == .failed)
    #expect(result.errorMessage?.contains("timed out") == true)
    #expect(result.errorMessage?.contains("deadline") == true)
    let entries = try await server.finished(Self.manifestPath)
    #expect(entries.count == 1)
    #expect(entries.allSatisfy { $0.sent < 120 })
  }

  @Test func tricklingPayloadsShareOneCheckDeadline() async throws {
    let server = try FaultServer()
    defer { server.stop() }
    let locales = ["de", "fr", "it", "nl"]
    try await server.route(
      Self.manifestPath,
      body: TestSupport.manifest(
        version: 2, locales: Dictionary(uniqueKeysWithValues: locales.map { ($0, 1) })))
    for locale in locales {
      try await server.route(
        Self.localePath(locale), mode: "trickle", ["length": 120, "interval": 0.5])
    }
    // Two at a time: the second pair starts after the first pair used the whole deadline.
    let client = try Self.client(server, timeout: 60, checkTimeout: 2, concurrency: 2)
    let result = await client.checkForUpdates()
    #expect(result.status == .noChange)
    #expect(result.everyLocaleFailed)
    for locale in locales {
      let reason = Self.reason(result, locale)
      #expect(reason.contains("deadline"), "\(locale): \(reason)")
    }
    for locale in locales {
      #expect(try await server.finished(Self.localePath(locale)).allSatisfy { $0.sent < 120 })
    }
  }

  @Test func stalledTransferIsAbortedBeforeTheDeadline() async throws {
    let server = try FaultServer()
    defer { server.stop() }
    try await server.route(Self.manifestPath, mode: "trickle", ["length": 120, "interval": 0.5])
    let transport = ReRuneHTTPTransport(
      baseURL: server.baseURL, publishId: "p", requestTimeout: 60, lowSpeedBytesPerSecond: 16,
      lowSpeedSeconds: 1)
    let error = await Self.errorOf { () async throws(ReRuneTransportError) in
      try await transport.fetchManifest(etag: nil)
    }
    #expect(error?.kind == .timeout)
    #expect(error?.message.contains("the transfer stalled") == true)
    #expect(try await server.finished(Self.manifestPath).allSatisfy { $0.sent < 120 })
  }

  @Test func cancellingTheTaskAbortsATransfer() async throws {
    let server = try FaultServer()
    defer { server.stop() }
    try await server.route(Self.manifestPath, mode: "trickle", ["length": 120, "interval": 0.5])
    let transport = Self.transport(server)
    let task = Task { () -> ReRuneTransportError? in
      await Self.errorOf { () async throws(ReRuneTransportError) in
        try await transport.fetchManifest(etag: nil)
      }
    }
    for _ in 0..<200 where try await server.log().isEmpty {
      try await Task.sleep(nanoseconds: 20_000_000)
    }
    task.cancel()
    let error = await task.value
    #expect(error?.kind == .cancelled)
    #expect(try await server.finished(Self.manifestPath).allSatisfy { $0.sent < 120 })
  }

  // MARK: Finding 3: bodies larger than the limit

  static let mib = 1024 * 1024

  @Test func announcedHugeBodyIsRefusedBeforeItIsRead() async throws {
    let server = try FaultServer()
    defer { server.stop() }
    try await server.route(
      Self.manifestPath, mode: "huge", ["length": 3 << 30, "cap": 64 * Self.mib])
    let client = try Self.client(server, maxPayload: Self.mib)
    let result = await client.checkForUpdates()
    #expect(result.status == .failed)
    #expect(result.errorMessage?.contains("Content-Length exceeds the limit") == true)
    let sent = try await server.finished(Self.manifestPath).map(\.sent)
    #expect(sent.count == 1 && sent.allSatisfy { $0 < 16 * Self.mib }, "\(sent)")
  }

  @Test(arguments: [false, true])
  func unannouncedHugeBodyStopsAtTheLimit(chunked: Bool) async throws {
    let server = try FaultServer()
    defer { server.stop() }
    try await server.route(
      Self.manifestPath, body: TestSupport.manifest(version: 2, locales: ["de": 1]))
    try await server.route(
      Self.localePath("de"), mode: "huge",
      ["length": NSNull(), "chunked": chunked, "cap": 64 * Self.mib])
    let client = try Self.client(server, maxPayload: Self.mib)
    let result = await client.checkForUpdates()
    #expect(result.status == .noChange)
    #expect(Self.reason(result, "de").contains("limit of \(Self.mib) bytes"))
    let sent = try await server.finished(Self.localePath("de")).map(\.sent)
    #expect(sent.count == 1 && sent.allSatisfy { $0 < 16 * Self.mib }, "\(sent)")
  }

  @Test func gzipBombStopsAtTheDecodedLimit() async throws {
    let server = try FaultServer()
    defer { server.stop() }
    try await server.route(
      Self.manifestPath, body: TestSupport.manifest(version: 2, locales: ["de": 1]))
    // 64 MiB on the wire inflate to about 10 GiB.
    try await server.route(Self.localePath("de"), mode: "gzip_bomb", ["cap": 64 * Self.mib])
    let client = try Self.client(server, maxPayload: Self.mib)
    let result = await client.checkForUpdates()
    #expect(Self.reason(result, "de").contains("after decoding"))
    let sent = try await server.finished(Self.localePath("de")).map(\.sent)
    #expect(sent.count == 1 && sent.allSatisfy { $0 < 16 * Self.mib }, "\(sent)")
  }

  // MARK: Finding 12: lengths, redirects, headers

  @Test func tooSmallContentLengthDoesNotPoisonTheNextRequest() async throws {
    let server = try FaultServer()
    defer { server.stop() }
    // Content-Length says 2; the other bytes arrive later, while the next request waits for its
    // answer: on a reused connection they would be read as that answer ("Received HTTP/0.9").
    try await server.route(
      Self.manifestPath, mode: "short_length", body: "{}garbage that is not HTTP\r\n\r\n",
      ["length": 2])
    let payload = TestSupport.payload("de", ["title": "Titel"])
    try await server.route(Self.localePath("de"), body: payload, ["etag": NSNull()])
    let transport = Self.transport(server)
    for round in 0..<3 {
      let first = try await transport.fetchManifest(etag: nil)
      #expect(first == .fetched(Data("{}".utf8), etag: nil), "round \(round)")
      let next = await Self.errorOf { () async throws(ReRuneTransportError) in
        try await transport.fetchLocale("de", url: nil, etag: nil)
      }
      #expect(next == nil, "round \(round): \(String(describing: next))")
    }
  }

  static let refusedRedirects = [
    "file:///etc/passwd", "data:text/plain,hello", "ftp://127.0.0.1/x", "gopher://127.0.0.1/x",
  ]

  @Test(arguments: refusedRedirects)
  func redirectToAnotherSchemeIsARedirectError(location: String) async throws {
    let server = try FaultServer()
    defer { server.stop() }
    try await server.route(
      Self.manifestPath, body: TestSupport.manifest(version: 2, locales: ["de": 1]))
    try await server.route(Self.localePath("de"), mode: "redirect", ["location": location])
    let transport = Self.transport(server)
    let error = await Self.errorOf { () async throws(ReRuneTransportError) in
      try await transport.fetchLocale("de", url: nil, etag: nil)
    }
    #expect(error?.kind == .redirect)
    #expect(error?.message.contains("only http and https redirects are followed") == true)
    let result = await (try Self.client(server)).checkForUpdates()
    #expect(Self.reason(result, "de").contains("redirect (status 302) to a"))
    #expect(!Self.reason(result, "de").contains("bad status"))
  }

  @Test func redirectLoopIsBounded() async throws {
    let server = try FaultServer()
    defer { server.stop() }
    try await server.route(Self.manifestPath, mode: "redirect", ["location": Self.manifestPath])
    let transport = Self.transport(server)
    let error = await Self.errorOf { () async throws(ReRuneTransportError) in
      try await transport.fetchManifest(etag: nil)
    }
    #expect(error?.kind == .redirect)
    #expect(error?.message.contains("more than 5 redirects") == true)
    #expect(try await server.log().count == 6)
  }

  @Test func publishIdGoesOnlyToTheConfiguredHost() async throws {
    let server = try FaultServer()
    defer { server.stop() }
    let other = server.otherRoot
    try await server.route(
      Self.manifestPath,
      body: TestSupport.manifest(
        version: 2, locales: ["de": 1, "fr": 1, "it": 1],
        urls: ["fr": other + "/cdn/fr.json"]))
    // de: redirected to the other host; fr: listed there; it: redirected there and back.
    try await server.route(
      Self.localePath("de"), mode: "redirect", ["location": other + "/cdn/de.json"])
    try await server.route("/cdn/de.json", body: TestSupport.payload("de", ["title": "Titel"]))
    try await server.route("/cdn/fr.json", body: TestSupport.payload("fr", ["title": "Titre"]))
    try await server.route(
      Self.localePath("it"), mode: "redirect", ["location": other + "/cdn/it-hop"])
    try await server.route(
      "/cdn/it-hop", mode: "redirect", ["location": server.root + "/back/it.json"])
    try await server.route("/back/it.json", body: TestSupport.payload("it", ["title": "Titolo"]))
    let result = await (try Self.client(server)).checkForUpdates()
    #expect(result.updatedLocales == ["de", "fr", "it"])
    let log = try await server.log()
    let onOther = log.filter { $0.port == server.otherPort }
    #expect(onOther.count == 3)
    #expect(onOther.allSatisfy { $0.header("X-OTA-Publish-Id") == nil })
    let direct = log.filter { $0.port == server.port && $0.path != "/back/it.json" }
    #expect(direct.count == 3)
    #expect(direct.allSatisfy { $0.header("X-OTA-Publish-Id") == "pub-secret" })
    // Back on the configured host after a cross-host hop: still not sent.
    #expect(log.first { $0.path == "/back/it.json" }?.header("X-OTA-Publish-Id") == nil)
    #expect(!log.contains { $0.path.contains("pub-secret") })
  }

  @Test(arguments: [TimeInterval.infinity, 1e300, -1, 0])
  func absurdTimeoutsAreClampedNotFatal(timeout: TimeInterval) async throws {
    let transport = ReRuneHTTPTransport(
      baseURL: URL(string: "http://127.0.0.1:1/api")!, publishId: "p", requestTimeout: timeout)
    #expect(transport.requestTimeout > 0 && transport.requestTimeout <= 1e9)
    let error = await Self.errorOf { () async throws(ReRuneTransportError) in
      try await transport.fetchManifest(etag: nil, deadline: ContinuousClock().now + .seconds(5))
    }
    #expect(error?.kind == .network)
  }

  // MARK: Finding 4: bounds

  @Test func manifestWithTooManyLocalesFailsWithoutFetching() async throws {
    let server = try FaultServer()
    defer { server.stop() }
    var locales: [String: Int] = [:]
    for index in 0..<1_001 { locales["l\(index)"] = 1 }
    try await server.route(
      Self.manifestPath, body: TestSupport.manifest(version: 2, locales: locales))
    let result = await (try Self.client(server)).checkForUpdates()
    #expect(result.status == .failed)
    #expect(result.errorMessage?.contains("1001 locales, more than the limit of 1000") == true)
    #expect(try await server.log().map(\.path) == [Self.manifestPath])
    // The limit is configurable.
    let small = try Self.client(server, maxLocales: 2_000)
    #expect(await small.checkForUpdates().status == .noChange)
  }

  @Test func payloadFetchesAreBoundedAndTimedOnTheWire() async throws {
    let server = try FaultServer()
    defer { server.stop() }
    let locales = (0..<12).map { "l\($0)" }
    try await server.route(
      Self.manifestPath,
      body: TestSupport.manifest(
        version: 2, locales: Dictionary(uniqueKeysWithValues: locales.map { ($0, 1) })))
    for locale in locales {
      try await server.route(
        Self.localePath(locale), body: TestSupport.payload(locale, ["k": locale]), ["delay": 0.5])
    }
    // 12 × 0.5 s two at a time is 3 s of queueing, more than the 2 s request timeout: a timeout
    // that counted time in the queue would fail the later locales.
    let client = try Self.client(server, timeout: 2, concurrency: 2)
    let result = await client.checkForUpdates()
    #expect(result.updatedLocales == Set(locales))
    #expect(try await server.maxInflight("/api/sdk/translations/ios_xcstrings") <= 2)
  }

  @Test func localesDroppedFromTheManifestArePruned() async throws {
    let server = try FaultServer()
    defer { server.stop() }
    let cache = TestSupport.temporaryDirectory("prune")
    defer { try? FileManager.default.removeItem(at: cache) }
    try await server.route(
      Self.manifestPath, body: TestSupport.manifest(version: 1, locales: ["de": 1, "fr": 1]))
    try await server.route(
      Self.localePath("de"), body: TestSupport.payload("de", ["title": "Titel"]))
    try await server.route(
      Self.localePath("fr"), body: TestSupport.payload("fr", ["title": "Titre"]))
    let client = try Self.client(server, cache: cache)
    #expect(await client.checkForUpdates().updatedLocales == ["de", "fr"])
    #expect(client.localizedString("title", locale: "fr") == "Titre")
    // A stale record from an older manifest.
    try ReRuneDiskCache(directory: cache).saveLocale(
      .init(localeTag: "it", payload: TestSupport.payload("it", ["title": "Titolo"]), etag: nil))
    #expect(try Self.client(server, cache: cache).localizedString("title", locale: "it") == "title")

    try await server.route(
      Self.manifestPath, body: TestSupport.manifest(version: 2, locales: ["de": 1]))
    let result = await client.checkForUpdates()
    #expect(result.status == .updated)
    #expect(result.removedLocales == ["fr"])
    #expect(client.revision == 2)
    #expect(client.localizedString("title", locale: "fr") == "title")
    #expect(client.localizedString("title", locale: "de") == "Titel")
    let files = try FileManager.default.contentsOfDirectory(
      atPath: cache.appendingPathComponent("locales").path)
    #expect(files == ["de.json"])
    let restarted = try Self.client(server, cache: cache)
    #expect(Set(restarted.otaLocales.keys) == ["de"])
  }

  @Test func cacheSizeLimitRefusesPayloadsThatDoNotFit() async throws {
    let server = try FaultServer()
    defer { server.stop() }
    let cache = TestSupport.temporaryDirectory("cache-limit")
    defer { try? FileManager.default.removeItem(at: cache) }
    let de = TestSupport.payload("de", ["title": String(repeating: "d", count: 3_000)])
    let fr = TestSupport.payload("fr", ["title": String(repeating: "f", count: 3_000)])
    try await server.route(
      Self.manifestPath, body: TestSupport.manifest(version: 1, locales: ["de": 1, "fr": 1]))
    try await server.route(Self.localePath("de"), body: de)
    try await server.route(Self.localePath("fr"), body: fr)
    let client = try Self.client(server, cache: cache, concurrency: 1, maxCacheBytes: 5_000)
    let result = await client.checkForUpdates()
    #expect(result.updatedLocales == ["de"])
    #expect(Self.reason(result, "fr").contains("maxCacheBytes"))
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: cache.appendingPathComponent("locales").path)
        == ["de.json"])
    // A replacement counts instead of the payload it replaces.
    try await server.route(
      Self.localePath("de"),
      body: TestSupport.payload("de", ["title": String(repeating: "e", count: 3_000)]))
    try await server.route(Self.localePath("fr"), status: 404)
    let second = await client.checkForUpdates()
    #expect(second.updatedLocales == ["de"])
  }
}

extension FaultServer {
  /// A plain route with `status` (shorthand for tests).
  func route(_ path: String, status: Int) async throws {
    try await route(path, mode: "normal", body: "", ["status": status])
  }
}
