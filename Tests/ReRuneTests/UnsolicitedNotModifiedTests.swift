import Foundation
import ReRune
import Testing

/// A 304 answer to a request that carried no `If-None-Match` (the client has no ETag for it) is a
/// failure: of that locale for a payload, of the check for the manifest (also when a manifest
/// without an ETag is cached).
@Suite("ReRune unsolicited 304 Not Modified", .serialized)
struct UnsolicitedNotModifiedTests {
  @Test func unsolicitedNotModifiedFailsTheLocaleInsteadOfCountingAsCurrent() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let cache = TestSupport.temporaryDirectory("unsolicited-304")
    defer { try? FileManager.default.removeItem(at: cache) }
    try await server.route(
      TestServer.manifestPath, body: TestSupport.manifest(version: 1, locales: ["de": 1, "fr": 1]))
    try await server.route(TestServer.localePath("de"), status: 304, etag: nil)
    try await server.route(
      TestServer.localePath("fr"), body: TestSupport.payload("fr", ["title": "Titre"]))
    let client = try TestSupport.client(server: server, cache: cache, languages: ["fr"])
    let result = await client.checkForUpdates()
    let requests = try await server.requests()
    let request = try #require(requests.first { $0.path == TestServer.localePath("de") })
    #expect(request.header("If-None-Match") == nil)
    guard case .failed(let reason) = result.localeOutcomes["de"] else {
      Issue.record("de: \(String(describing: result.localeOutcomes["de"]))")
      return
    }
    #expect(reason.contains("304 Not Modified"))
    #expect(reason.contains("no If-None-Match"))
    #expect(result.localeOutcomes["fr"] == .updated)
    #expect(result.status == .updated)
    #expect(result.errorMessage?.contains("de (") == true)
  }

  @Test func everyPayloadAnsweringAnUnsolicitedNotModifiedExitsThree() async throws {
    guard let binary = OTACommandLineTests.binary else { return }
    let server = try TestServer()
    defer { server.stop() }
    let home = TestSupport.temporaryDirectory("unsolicited-304-cli")
    defer { try? FileManager.default.removeItem(at: home) }
    try await server.route(
      TestServer.manifestPath, body: TestSupport.manifest(version: 1, locales: ["de": 1, "fr": 1]))
    try await server.route(TestServer.localePath("de"), status: 304, etag: nil)
    try await server.route(TestServer.localePath("fr"), status: 304, etag: "\"x\"")
    let (status, output, signalled) = try OTACheckExitStatusTests.run(
      binary,
      [
        "ota", "check", "--base-url", server.baseURL.absoluteString, "--publish-id", "p",
        "--no-cache",
      ],
      environment: ["HOME": home.path, "XDG_DATA_HOME": home.path])
    #expect(!signalled)
    #expect(status == 3, "\(output)")
    #expect(output.contains("de  failed: "))
    #expect(output.contains("fr  failed: "))
    #expect(!output.contains("notModified"))
  }

  @Test func unsolicitedNotModifiedForTheManifestFailsEvenWithAManifestCached() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let cache = TestSupport.temporaryDirectory("unsolicited-304-manifest")
    defer { try? FileManager.default.removeItem(at: cache) }
    // A server that sends no ETag: the manifest is cached without one.
    try await server.route(
      TestServer.manifestPath, body: TestSupport.manifest(version: 1, locales: ["de": 1]),
      etag: nil)
    try await server.route(
      TestServer.localePath("de"), body: TestSupport.payload("de", ["title": "Titel"]))
    let client = try TestSupport.client(server: server, cache: cache)
    #expect(await client.checkForUpdates().status == .updated)
    try await server.route(TestServer.manifestPath, status: 304, etag: nil)
    let result = await client.checkForUpdates()
    let request = try #require(
      try await server.requests().last { $0.path == TestServer.manifestPath })
    #expect(request.header("If-None-Match") == nil)
    #expect(result.status == .failed)
    #expect(result.errorMessage?.contains("no If-None-Match") == true, "\(result)")
    #expect(client.localizedString("title") == "Titel")
  }
}
