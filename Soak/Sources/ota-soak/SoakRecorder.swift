import Foundation

/// Counters and failures shared by the soak's threads.
final class SoakRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var counters: [String: Int] = [:]
  private var failures: [String] = []
  private var maxima: [String: Double] = [:]
  private var rssSamples: [(time: Double, bytes: Int)] = []

  func count(_ name: String, by amount: Int = 1) {
    lock.withLock { counters[name, default: 0] += amount }
  }

  func fail(_ failure: SoakFailure) {
    lock.withLock {
      // Enough to diagnose; a failing invariant usually fails many times.
      if failures.count < 50 { failures.append(failure.description) }
      counters["failures", default: 0] += 1
    }
  }

  func maximum(_ name: String, _ value: Double) {
    lock.withLock { maxima[name] = max(maxima[name] ?? value, value) }
  }

  func sampleRSS(at time: Double) {
    let bytes = Self.residentBytes()
    lock.withLock { rssSamples.append((time, bytes)) }
  }

  var failureCount: Int { lock.withLock { counters["failures"] ?? 0 } }

  /// Resident set size from /proc/self/statm.
  static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return 0
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// Every RSS sample so far: seconds since the start, bytes.
  var rssSamplesTaken: [(time: Double, bytes: Int)] { lock.withLock { rssSamples } }

  var maxRSS: Int { lock.withLock { rssSamples.map(\.bytes).max() ?? 0 } }

  func snapshot() -> (counters: [String: Int], failures: [String], maxima: [String: Double]) {
    lock.withLock { (counters, failures, maxima) }
  }
}
