import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Starts `Server/ota_test_server.py` on 127.0.0.1 (random port) and stops it; every wait is bounded.
final class TestServer: @unchecked Sendable {
  let process = Process()
  let stdinPipe = Pipe()
  let stdoutPipe = Pipe()
  private(set) var port = 0
  private let lock = NSLock()
  private var stopped = false

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

  init() throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Self.scriptURL.path]
    process.standardInput = stdinPipe
    process.standardOutput = stdoutPipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Read "PORT n\n" with a bounded wait.
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
      throw ServerError.noPort
    }
    let line = box.update { $0 }
    guard
      let p = Int(
        line.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(
          of: "PORT ", with: ""))
    else {
      stop()
      throw ServerError.noPort
    }
    port = p
  }

  enum ServerError: Error {
    case noPort
    case control(String)
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
      throw ServerError.control(path)
    }
  }
}

/// Minimal lock box for test helpers.
final class Locked2<T>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: T
  init(_ value: T) { self.value = value }
  func update<R>(_ body: (inout T) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
