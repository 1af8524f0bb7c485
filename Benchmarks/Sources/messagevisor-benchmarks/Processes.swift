import Foundation

/// Runs child processes with bounded waits.
enum Processes {
  struct Result {
    var status: Int32
    var output: String
  }

  struct Timeout: Error, CustomStringConvertible {
    var command: String
    var description: String { "timed out: \(command)" }
  }

  /// Runs `executable` with `arguments`, stdout (and stderr) captured through a temporary file;
  /// kills it after `timeout` seconds.
  static func run(
    _ executable: URL, _ arguments: [String], timeout: Double, environment: [String: String]? = nil,
    directory: URL? = nil
  ) throws -> Result {
    let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mv-bench-\(UUID().uuidString).out")
    guard FileManager.default.createFile(atPath: outputURL.path, contents: nil) else {
      throw BenchmarkFailure(text: "cannot create \(outputURL.path)")
    }
    defer { try? FileManager.default.removeItem(at: outputURL) }
    let handle = try FileHandle(forWritingTo: outputURL)
    defer { try? handle.close() }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning {
      if Date() > deadline {
        process.terminate()
        process.waitUntilExit()
        throw Timeout(command: ([executable.path] + arguments).joined(separator: " "))
      }
      usleep(1000)
    }
    process.waitUntilExit()
    let output = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
    return Result(status: process.terminationStatus, output: output)
  }

  /// `/usr/bin/env`-resolved tool (tmux, python3).
  static func tool(_ name: String, _ arguments: [String], timeout: Double = 10) throws -> Result {
    try run(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, timeout: timeout)
  }

  /// CPU ticks (utime + stime) of `pid` from /proc/<pid>/stat.
  static func cpuTicks(_ pid: Int32) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return nil }
    // Fields after "(comm)": state is field 3; utime 14 and stime 15 (1-based).
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else {
      return nil
    }
    return user + system
  }

  /// A /proc/<pid>/status field in kB (e.g. VmRSS, VmHWM).
  static func statusKilobytes(_ pid: Int32, _ field: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      return nil
    }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
      let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
      return Int(digits)
    }
    return nil
  }
}
