import Foundation

/// One run of a program measured by GNU time (`/usr/bin/time`): wall time, user and system CPU
/// time of the process and its children, and the peak resident set size.
struct TimedProcess {
  /// Wall-clock seconds.
  var wall: Double
  /// User + system CPU seconds (both cores count: a parallel program can exceed `wall`).
  var cpu: Double
  /// Peak RSS in MB (ru_maxrss).
  var peakMegabytes: Double
  /// The exit status of the program.
  var status: Int32
  /// Its stdout and stderr.
  var output: String

  static let time = URL(fileURLWithPath: "/usr/bin/time")

  /// Whether GNU time is installed.
  static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: time.path) }

  /// Runs `executable` with `arguments` under `/usr/bin/time` (killed after `timeout` seconds).
  static func run(_ executable: URL, _ arguments: [String], timeout: Double) throws -> TimedProcess
  {
    guard isAvailable else {
      throw BenchmarkFailure(text: "/usr/bin/time is missing (Debian package `time`)")
    }
    let report = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mv-scale-time-\(UUID().uuidString)"
    ).path
    defer { unlink(report) }
    let result = try Processes.run(
      time, ["-f", "%e %U %S %M %x", "-o", report, executable.path] + arguments,
      timeout: timeout)
    let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
    // A program killed by a signal makes GNU time write "Command terminated by signal N" first.
    let fields = text.split(separator: "\n").last?.split(separator: " ").compactMap {
      Double($0)
    }
    guard let fields, fields.count == 5 else {
      throw BenchmarkFailure(text: "cannot read /usr/bin/time's report: \(text)")
    }
    return TimedProcess(
      wall: fields[0], cpu: fields[1] + fields[2], peakMegabytes: fields[3] / 1024,
      status: Int32(fields[4]), output: result.output)
  }
}
