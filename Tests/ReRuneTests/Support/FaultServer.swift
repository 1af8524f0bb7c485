import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Starts `Server/ota_fault_server.py` (a raw-socket server that misbehaves on request) on two ports of
/// 127.0.0.1 and stops it; every wait is bounded (`PythonServer`).
final class FaultServer: @unchecked Sendable {
  let server: PythonServer
  let port: Int
  /// The second port: "another host" for cross-host redirects and payload URLs.
  let otherPort: Int

  static var scriptURL: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Server/ota_fault_server.py")
  }

  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/api")! }
  var root: String { "http://127.0.0.1:\(port)" }
  var otherRoot: String { "http://127.0.0.1:\(otherPort)" }

  /// Starts the server and reads its "PORTS primary other" line.
  init() throws {
    server = try PythonServer(script: Self.scriptURL)
    guard let ports = server.ports(after: "PORTS"), ports.count == 2 else {
      server.stop()
      throw PythonServer.ServerError.noPort(server.firstLine)
    }
    port = ports[0]
    otherPort = ports[1]
  }

  func stop() { server.stop() }

  // MARK: Control

  /// Configures `path` (with its query) in `mode` with the mode's parameters.
  func route(
    _ path: String, mode: String = "normal", body: String? = nil, _ extra: [String: Any] = [:]
  )
    async throws
  {
    var spec = extra
    spec["path"] = path
    spec["mode"] = mode
    if let body { spec["body"] = body }
    try await control("/_control/route", json: spec)
  }

  struct Entry: Sendable {
    var port: Int
    var path: String
    var headers: [String: String]
    var sent: Int
    var done: Bool
    func header(_ name: String) -> String? {
      headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
  }

  func log() async throws -> [Entry] {
    let data = try await get("/_control/log")
    let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    return list.map {
      Entry(
        port: $0["port"] as? Int ?? 0, path: $0["path"] as? String ?? "",
        headers: $0["headers"] as? [String: String] ?? [:], sent: $0["sent"] as? Int ?? 0,
        done: $0["done"] as? Bool ?? false)
    }
  }

  /// The log entries for `path` once the server finished answering them (at most ~10 s of polling:
  /// a server blocked on a client that stopped reading notices on its next write). Call it after
  /// the client is done: a request not logged by then was never made (empty result).
  func finished(_ path: String) async throws -> [Entry] {
    var entries: [Entry] = []
    for _ in 0..<200 {
      entries = try await log().filter { $0.path == path }
      if entries.allSatisfy(\.done) { return entries }
      try await Task.sleep(nanoseconds: 50_000_000)
    }
    return entries
  }

  /// The most requests below `prefix` (a path without its last segment) served at the same time.
  func maxInflight(_ prefix: String) async throws -> Int {
    let data = try await get("/_control/stats")
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return (object?["max_inflight"] as? [String: Int])?[prefix] ?? 0
  }

  private func get(_ path: String) async throws -> Data {
    let (data, _) = try await URLSession.shared.data(from: URL(string: root + path)!)
    return data
  }

  private func control(_ path: String, json: [String: Any]) async throws {
    var request = URLRequest(url: URL(string: root + path)!)
    request.httpMethod = "POST"
    request.httpBody = try JSONSerialization.data(withJSONObject: json)
    let (_, response) = try await URLSession.shared.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else {
      throw PythonServer.ServerError.control(path)
    }
  }
}
