import Foundation

/// Keeps results alive so the optimizer cannot drop the measured work.
nonisolated(unsafe) var benchmarkSink = 0

/// Timing helpers: medians of several runs of a loop, on the monotonic clock.
enum Harness {
  /// Which clock the per-call loops (``samples(runs:iterations:_:)``) read: the calling thread's
  /// CPU time (default; not inflated by waiting for a busy CPU on a shared machine) or wall time.
  nonisolated(unsafe) static var cpuClock = true

  /// Nanoseconds on the monotonic clock.
  static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// Nanoseconds of CPU time of the calling thread.
  static func threadCPU() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
  }

  /// The loop clock.
  static func loopClock() -> UInt64 { cpuClock ? threadCPU() : now() }

  /// The median of `samples` (sorted copy; the lower middle for even counts).
  static func median(_ samples: [Double]) -> Double {
    guard !samples.isEmpty else { return .nan }
    let sorted = samples.sorted()
    return sorted[(sorted.count - 1) / 2]
  }

  /// Per-call nanoseconds of `body` on the loop clock, one sample per run of `iterations` calls.
  static func samples(runs: Int, iterations: Int, _ body: () -> Int) -> [Double] {
    var result: [Double] = []
    for _ in 0..<max(1, runs) {
      var local = 0
      let start = loopClock()
      for _ in 0..<max(1, iterations) { local &+= body() }
      let elapsed = loopClock() - start
      benchmarkSink &+= local
      result.append(Double(elapsed) / Double(max(1, iterations)))
    }
    return result
  }

  /// Per-call nanoseconds of `baseline` and `candidate`, measured in alternating runs so that
  /// machine load affects both alike.
  static func interleaved(
    runs: Int, iterations: Int, _ baseline: () -> Int, _ candidate: () -> Int
  ) -> (baseline: [Double], candidate: [Double]) {
    var a: [Double] = []
    var b: [Double] = []
    for _ in 0..<max(1, runs) {
      a += samples(runs: 1, iterations: iterations, baseline)
      b += samples(runs: 1, iterations: iterations, candidate)
    }
    return (a, b)
  }

  /// Nanoseconds on the loop clock of each of `runs` executions of `body` (in-process work).
  static func loop(runs: Int, _ body: () throws -> Void) rethrows -> [Double] {
    var result: [Double] = []
    for _ in 0..<max(1, runs) {
      let start = loopClock()
      try body()
      result.append(Double(loopClock() - start))
    }
    return result
  }

  /// Wall-clock nanoseconds of each of `runs` executions of `body`.
  static func wall(runs: Int, _ body: () throws -> Void) rethrows -> [Double] {
    var result: [Double] = []
    for _ in 0..<max(1, runs) {
      let start = now()
      try body()
      result.append(Double(now() - start))
    }
    return result
  }

  /// Wall-clock nanoseconds of each of `runs` executions of an async `body`.
  static func wallAsync(runs: Int, _ body: () async throws -> Void) async rethrows -> [Double] {
    var result: [Double] = []
    for _ in 0..<max(1, runs) {
      let start = now()
      try await body()
      result.append(Double(now() - start))
    }
    return result
  }
}
