import Foundation
import ReRune

/// Builds xcstrings payloads and temporary directories for tests.
enum TestSupport {
  /// A String Catalog with simple string units for `locale`.
  static func payload(_ locale: String, _ strings: [String: String]) -> String {
    var object: [String: Any] = ["sourceLanguage": "en", "version": "1.0"]
    var entries: [String: Any] = [:]
    for (key, value) in strings {
      entries[key] = [
        "localizations": [locale: ["stringUnit": ["state": "translated", "value": value]]]
      ]
    }
    object["strings"] = entries
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }

  static func manifest(version: Int, locales: [String: Int], urls: [String: String] = [:]) -> String
  {
    var entries: [String: Any] = [:]
    for (locale, v) in locales {
      var entry: [String: Any] = ["version": v]
      if let url = urls[locale] { entry["url"] = url }
      entries[locale] = entry
    }
    let data = try! JSONSerialization.data(
      withJSONObject: ["version": version, "locales": entries], options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }

  /// A fresh temporary directory (caller removes it).
  static func temporaryDirectory(_ label: String = "rerune") -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(label)-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func client(
    server: TestServer, cache: URL, timeout: TimeInterval = 30, checkTimeout: TimeInterval = 120,
    maxPayload: Int = 8 * 1024 * 1024,
    languages: [String] = ["de"], bundled: [String: [String: CatalogEntry]] = [:],
    policy: ReRuneUpdatePolicy = ReRuneUpdatePolicy(checkOnStart: false),
    publishId: String = "pub-test"
  ) throws -> ReRuneClient {
    try ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: publishId, updatePolicy: policy, requestTimeout: timeout,
        checkTimeout: checkTimeout, source: .remote(baseURL: server.baseURL),
        cache: .directory(cache),
        maxPayloadBytes: maxPayload, preferredLanguages: languages, bundled: bundled,
        usesMainBundle: false))
  }

  /// Repo root (two levels above Tests/ReRuneTests).
  static var packageRoot: URL {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url
  }

  /// `<package>/../shared/fixtures/catalogs`, or nil when absent.
  static var catalogsDirectory: URL? {
    let url = packageRoot.deletingLastPathComponent().appendingPathComponent(
      "shared/fixtures/catalogs")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }
}
