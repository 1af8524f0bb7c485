import Foundation
import Messagevisor
import MessagevisorICU
import ReRune
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// ReRune: parse the Loop catalog, apply an overlay to the engine, check 10 changed locales
/// against a local HTTP server.
@MainActor enum OTABenchmarks {
  static let group = "ota"

  static func run(_ settings: Settings, _ report: Report) async throws {
    guard let url = settings.loopCatalog else {
      let note = "../shared/fixtures is absent (the Loop catalog lives there)"
      report.skip(group, "parse Loop catalog", id: "parse-loop", unit: .ms, note: note)
      report.skip(group, "apply overlay to the engine", unit: .ms, note: note)
      report.skip(group, "check 10 changed locales", id: "check-10", unit: .ms, note: note)
      return
    }
    let data = try Data(contentsOf: url)
    let options = XCStringsReader.Options(invalidEntries: .skip)
    var catalog = try XCStringsReader.read(data, file: "loop", options: options)
    let parse = try Harness.loop(runs: settings.repetitions(21)) {
      catalog = try XCStringsReader.read(data, file: "loop", options: options)
    }
    report.addNanoseconds(
      group, "parse Loop catalog (.xcstrings)", id: "parse-loop", samples: parse, unit: .ms,
      note: "\(data.count / 1024) KB, \(catalog.keys.count) keys, \(catalog.locales.count) locales")

    // Overlay: base datafiles from the catalog, then the whole catalog as OTA overlay.
    let engine = createMessagevisor(
      MessagevisorOptions(onDiagnostic: { _ in }, modules: [createICUModule()]))
    let bridge = ReRuneMessagevisorBridge(
      engine: engine, base: ReRuneMessagevisorBridge.baseDatafiles(from: [catalog]))
    let variants = [
      catalog.locales,
      catalog.locales.mapValues { entries in
        entries.mapValues { entry -> CatalogEntry in
          var changed = entry
          if changed.kind != .plural { changed.icuMessage += " " }
          return changed
        }
      },
    ]
    var revision = 0
    let keyCount = catalog.locales.values.reduce(0) { $0 + $1.count }
    let apply = Harness.loop(runs: settings.repetitions(21)) {
      revision += 1
      bridge.applyOverlays(variants[revision % 2], revision: revision)
    }
    report.addNanoseconds(
      group, "apply OTA overlay to the engine (bridge, replace: true)", samples: apply, unit: .ms,
      note: "\(catalog.locales.count) locales, \(keyCount) entries")

    try await checkTenLocales(settings, report, catalog: catalog)
  }

  static func checkTenLocales(_ settings: Settings, _ report: Report, catalog: LocalizationCatalog)
    async throws
  {
    let script = settings.root.appendingPathComponent("Tests/ReRuneTests/Server/ota_test_server.py")
    guard FileManager.default.fileExists(atPath: script.path) else {
      report.skip(
        group, "check 10 changed locales", id: "check-10", unit: .ms,
        note: "\(script.path) missing")
      return
    }
    let locales = Array(
      catalog.locales.keys.sorted().filter { $0 != catalog.sourceLanguage }.prefix(10))
    let server = try LoopbackServer(script: script)
    defer { server.stop() }
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mv-bench-ota-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    let client = try ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: "bench", updatePolicy: ReRuneUpdatePolicy(checkOnStart: false),
        source: .remote(baseURL: server.baseURL), cache: .directory(cache),
        usesMainBundle: false))
    var samples: [Double] = []
    var bytes = 0
    let rounds = settings.repetitions(15)
    for round in 0...rounds {
      // Publish: every locale changes, versions go up (outside the timed region).
      bytes = 0
      for locale in locales {
        let strings = (catalog.locales[locale] ?? [:]).filter { $0.value.kind != .plural }
          .mapValues { $0.value + String(repeating: " ", count: round % 2) }
        let body = payload(locale, strings)
        bytes += body.utf8.count
        try await server.route(LoopbackServer.localePath(locale), body: body)
      }
      try await server.route(
        LoopbackServer.manifestPath,
        body: manifest(version: round + 1, locales: locales, localeVersion: round + 1))
      let start = Harness.now()
      let result = await client.checkForUpdates()
      let elapsed = Double(Harness.now() - start)
      guard result.status == .updated, result.updatedLocales.count == locales.count else {
        throw BenchmarkFailure(
          text:
            "OTA check: expected \(locales.count) updated locales, got \(result.status) "
            + "\(result.updatedLocales.sorted()) \(result.errorMessage ?? "")")
      }
      if round > 0 { samples.append(elapsed) }  // round 0 warms the connection and the cache
    }
    report.addNanoseconds(
      group, "check 10 changed locales against 127.0.0.1", id: "check-10", samples: samples,
      unit: .ms, clock: "wall",
      note: "python3 ETag server; \(bytes / 1024) KB of payloads per check; disk cache on")

    // Breakdown: the same client when nothing changed (manifest answered 304, no payloads).
    var unchanged: [Double] = []
    for _ in 0..<settings.repetitions(15) {
      let start = Harness.now()
      let result = await client.checkForUpdates()
      unchanged.append(Double(Harness.now() - start))
      guard result.status == .noChange else {
        throw BenchmarkFailure(text: "OTA check without changes gave \(result.status)")
      }
    }
    report.addNanoseconds(
      group, "breakdown: check with nothing changed (manifest 304)", samples: unchanged, unit: .ms,
      clock: "wall", note: "HTTP round trip + manifest handling only")
  }

  static func payload(_ locale: String, _ strings: [String: String]) -> String {
    var entries: [String: Any] = [:]
    for (key, value) in strings {
      entries[key] = [
        "localizations": [locale: ["stringUnit": ["state": "translated", "value": value]]]
      ]
    }
    let object: [String: Any] = ["sourceLanguage": "en", "version": "1.0", "strings": entries]
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  static func manifest(version: Int, locales: [String], localeVersion: Int) -> String {
    var entries: [String: Any] = [:]
    for locale in locales { entries[locale] = ["version": localeVersion] }
    let data =
      (try? JSONSerialization.data(
        withJSONObject: ["version": version, "locales": entries], options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}

/// The ReRune tests' python3 server (Tests/ReRuneTests/Server/ota_test_server.py) on 127.0.0.1:
/// routes with ETag/304, configured over a control endpoint; it exits when our pipe closes.
final class LoopbackServer: Sendable {
  static let manifestPath = "/api/sdk/translations/manifest?platform=ios_xcstrings"
  static func localePath(_ locale: String) -> String {
    "/api/sdk/translations/ios_xcstrings/\(locale)"
  }

  private let server: PythonServer
  let port: Int

  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/api")! }

  init(script: URL) throws {
    server = try PythonServer(script: script)
    guard let port = server.ports(after: "PORT")?.first else {
      server.stop()
      throw BenchmarkFailure(text: "the OTA test server did not report its port")
    }
    self.port = port
  }

  func stop() { server.stop() }

  func route(_ path: String, body: String) async throws {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/_control/route")!)
    request.httpMethod = "POST"
    request.httpBody = try JSONSerialization.data(withJSONObject: [
      "path": path, "body": body, "status": 200, "etag": "auto",
    ])
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.timeoutInterval = 10
    let (_, response) = try await URLSession.shared.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else {
      throw BenchmarkFailure(text: "OTA test server refused route \(path)")
    }
  }
}
