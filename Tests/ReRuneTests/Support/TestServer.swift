import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Starts `Server/ota_test_server.py` on 127.0.0.1 (random port) and stops it; every wait is bounded
/// (`PythonServer`).
final class TestServer: @unchecked Sendable {
  let server: PythonServer
  let port: Int

  static var scriptURL: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Server/ota_test_server.py")
  }

  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/api")! }
  var root: String { "http://127.0.0.1:\(port)" }
  static let manifestPath = "/api/sdk/translations/manifest?platform=ios_xcstrings"
  static func localePath(_ locale: String) -> String {
    "/api/sdk/translations/ios_xcstrings/\(locale)"
  }

  /// Starts the server and reads its "PORT n" line.
  init() throws {
    server = try PythonServer(script: Self.scriptURL)
    guard let ports = server.ports(after: "PORT"), ports.count == 1 else {
      server.stop()
      throw PythonServer.ServerError.noPort(server.firstLine)
    }
    port = ports[0]
  }

  func stop() { server.stop() }

  // MARK: Control

  func route(
    _ path: String, body: String = "", status: Int = 200, etag: String? = "auto", delay: Double = 0,
    truncate: Bool = false, repeatBody: Int = 1
  ) async throws {
    var spec: [String: Any] = [
      "path": path, "body": body, "status": status, "delay": delay, "truncate": truncate,
      "repeat_body": repeatBody,
    ]
    spec["etag"] = etag ?? NSNull()
    try await control("/_control/route", json: spec)
  }

  func reset() async throws { try await control("/_control/reset", json: [:]) }

  struct Request: Sendable {
    var path: String
    var headers: [String: String]
    func header(_ name: String) -> String? {
      headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
  }

  func requests() async throws -> [Request] {
    let (data, _) = try await URLSession.shared.data(
      from: URL(string: root + "/_control/requests")!)
    let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    return list.map {
      Request(path: $0["path"] as? String ?? "", headers: $0["headers"] as? [String: String] ?? [:])
    }
  }

  func count(_ path: String) async throws -> Int {
    try await requests().filter { $0.path == path }.count
  }

  private func control(_ path: String, json: [String: Any]) async throws {
    var request = URLRequest(url: URL(string: root + path)!)
    request.httpMethod = "POST"
    request.httpBody = try JSONSerialization.data(withJSONObject: json)
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    let (_, response) = try await URLSession.shared.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else {
      throw PythonServer.ServerError.control(path)
    }
  }
}
