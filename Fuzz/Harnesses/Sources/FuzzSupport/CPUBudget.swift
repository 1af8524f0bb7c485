import Foundation

/// The per-input time limit, measured in CPU time of the whole process (every thread), so that an
/// input which really takes more than the limit is a finding however loaded the machine is, while
/// an input that only waited for a core is not. libFuzzer's own `-timeout` is wall time; scripts/fuzz
/// keeps it, much longer, as a backstop for inputs that block without using the CPU (a deadlock).
///
/// The limit is `FUZZ_CPU_LIMIT` seconds (default 1). A profiling timer (`ITIMER_PROF`, which
/// counts the CPU time of all the process's threads) is armed for each input: an input that is still
/// running when it fires (an endless loop) aborts with `==CPU limit==` on standard error, and one that
/// returns over the limit stops with a precondition failure naming its CPU time. Either way
/// libFuzzer saves the input as `crash-…`. The slowest input's CPU time is written to standard
/// error when it grows by a quarter (`cpu: slowest input so far … s`) and at exit
/// (`cpu: slowest input … s`).
public enum CPUBudget {
  /// The limit in seconds of process CPU time per input.
  public static let limit: Double = {
    if let text = ProcessInfo.processInfo.environment["FUZZ_CPU_LIMIT"], let value = Double(text),
      value > 0
    {
      return value
    }
    return 1
  }()

  /// The largest CPU time one input took so far (libFuzzer runs inputs on one thread).
  nonisolated(unsafe) public private(set) static var slowest: Double = 0
  nonisolated(unsafe) private static var installed = false
  nonisolated(unsafe) private static var reported: Double = 0

  /// Process CPU time in seconds.
  public static func processCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  private static func install() {
    installed = true
    atexit {
      let line = String(format: "cpu: slowest input %.4f s\n", CPUBudget.slowest)
      FileHandle.standardError.write(Data(line.utf8))
    }
    signal(SIGPROF) { _ in
      // No allocation in the handler: the interrupted thread may hold the allocator's lock.
      let message: StaticString = "==CPU limit== the input is still running at its CPU limit\n"
      message.withUTF8Buffer { _ = write(2, $0.baseAddress, $0.count) }
      abort()
    }
  }

  private static func arm(_ seconds: Double) {
    let whole = Int(seconds)
    let micro = Int((seconds - Double(whole)) * 1e6)
    var timer = itimerval(
      it_interval: timeval(tv_sec: 0, tv_usec: 0),
      it_value: timeval(tv_sec: whole, tv_usec: .init(micro)))
    setitimer(__itimer_which_t(ITIMER_PROF.rawValue), &timer, nil)
  }

  /// Runs one input's work and checks the CPU time it took against ``limit``.
  public static func run<T>(_ body: () -> T) -> T {
    if !installed { install() }
    let start = processCPUTime()
    // A little over the limit: the check below reports an input that returns (with its time).
    arm(limit * 1.05)
    let result = body()
    arm(0)
    let used = processCPUTime() - start
    if used > slowest {
      slowest = used
      // A run that is interrupted (libFuzzer's SIGINT handler exits without atexit handlers) still
      // leaves its slowest input in the log.
      if used >= 0.01, used >= reported * 1.25 {
        reported = used
        let line = String(format: "cpu: slowest input so far %.4f s\n", used)
        FileHandle.standardError.write(Data(line.utf8))
      }
    }
    precondition(used <= limit, "input took \(used) s of CPU (limit \(limit) s)")
    return result
  }
}
