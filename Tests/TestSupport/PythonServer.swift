import Foundation

/// A Python server script run for a test: started with `python3`, ready once it printed its first
/// line on standard output (the line names its ports), stopped by closing its standard input (the
/// scripts exit when it closes, so they never outlive the test process) and then SIGTERM. Every wait
/// is bounded.
public final class PythonServer: @unchecked Sendable {
  /// Why a server could not be used.
  public enum ServerError: Error, Sendable, Equatable {
    /// The script did not print its first line within the start-up limit, or printed one the caller
    /// could not read (the line, possibly empty).
    case noPort(String)
    /// A control request to the server failed (its path).
    case control(String)
  }

  /// The first line the script printed, without its line break.
  public let firstLine: String
  private let process = Process()
  private let stdinPipe = Pipe()
  private let stdoutPipe = Pipe()
  private let lock = NSLock()
  private var stopped = false

  /// Starts `python3 script arguments…` and waits (at most `startupSeconds`) for its first line.
  public init(script: URL, arguments: [String] = [], startupSeconds: Double = 10) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path] + arguments
    process.standardInput = stdinPipe
    process.standardOutput = stdoutPipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let received = Collector<Data>()
    let ready = DispatchSemaphore(value: 0)
    stdoutPipe.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      received.append(data)
      if data.isEmpty || data.contains(UInt8(ascii: "\n")) {
        handle.readabilityHandler = nil
        ready.signal()
      }
    }
    let timedOut = ready.wait(timeout: .now() + startupSeconds) == .timedOut
    let text = String(decoding: received.items.reduce(Data(), +), as: UTF8.self)
    firstLine = String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    if timedOut || !text.contains("\n") {
      stop()
      throw ServerError.noPort(firstLine)
    }
  }

  deinit { stop() }

  /// The integers of ``firstLine`` after `tag` (`"PORT 4711"` → `[4711]`), or nil when the line does
  /// not start with `tag` or holds anything else.
  public func ports(after tag: String) -> [Int]? {
    let fields = firstLine.split(whereSeparator: \.isWhitespace)
    guard fields.first.map(String.init) == tag else { return nil }
    let numbers = fields.dropFirst().map { Int($0) }
    guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil }) else { return nil }
    return numbers.compactMap { $0 }
  }

  /// Closes the script's standard input, sends SIGTERM and waits up to 5 s for it to exit. Safe to
  /// call more than once.
  public func stop() {
    let already = lock.withLock {
      defer { stopped = true }
      return stopped
    }
    if already { return }
    try? stdinPipe.fileHandleForWriting.close()
    if process.isRunning { process.terminate() }
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning, Date() < deadline { usleep(10_000) }
  }
}
