import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Starts `Server/ota_fault_server.py` (a raw-socket server that misbehaves on request) on two ports of
/// 127.0.0.1 and stops it; every wait is bounded.
final class FaultServer: @unchecked Sendable {
  let process = Process()
  let stdinPipe = Pipe()
  let stdoutPipe = Pipe()
  private(set) var port = 0
  /// The second port: "another host" for cross-host redirects and payload URLs.
  private(set) var otherPort = 0
  private let lock = NSLock()
  private var stopped = false

  static var scriptURL: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Server/ota_fault_server.py")
  }

  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/api")! }
  var root: String { "http://127.0.0.1:\(port)" }
  var otherRoot: String { "http://127.0.0.1:\(otherPort)" }

  init() throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Self.scriptURL.path]
    process.standardInput = stdinPipe
    process.standardOutput = stdoutPipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let handle = stdoutPipe.fileHandleForReading
    let box = Locked2<String>("")
    let ready = DispatchSemaphore(value: 0)
    handle.readabilityHandler = { h in
      let data = h.availableData
      if data.isEmpty {
        h.readabilityHandler = nil
        ready.signal()
        return
      }
      let text = box.update {
        $0 += String(decoding: data, as: UTF8.self)
        return $0
      }
      if text.contains("\n") {
        h.readabilityHandler = nil
        ready.signal()
      }
    }
    if ready.wait(timeout: .now() + 10) == .timedOut {
      stop()
      throw TestServer.ServerError.noPort
    }
    let fields = box.update { $0 }.split(whereSeparator: \.isWhitespace)
    guard fields.count == 3, fields[0] == "PORTS", let a = Int(fields[1]), let b = Int(fields[2])
    else {
      stop()
      throw TestServer.ServerError.noPort
    }
    port = a
    otherPort = b
  }

  deinit { stop() }

  func stop() {
    lock.lock()
    let already = stopped
    stopped = true
    lock.unlock()
    if already { return }
    try? stdinPipe.fileHandleForWriting.close()
    if process.isRunning { process.terminate() }
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning, Date() < deadline { usleep(10_000) }
  }

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
      throw TestServer.ServerError.control(path)
    }
  }
}
