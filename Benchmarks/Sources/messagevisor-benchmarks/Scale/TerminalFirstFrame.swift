import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// One start of the interactive previewer as a user meets it: the real program on a
/// pseudo-terminal of a fixed size (``TerminalSession``), timed from its start until its first
/// frame is on the terminal.
///
/// The program writes its first frame (top row to bottom row) in one burst; the bottom row is
/// the key bar, which ends with `marker` (`quit`). The clock stops at the last byte of the burst
/// after which the bottom row shows the marker, so what the program does after its first frame (the other locales,
/// lint) is not counted, and nothing it needs for the frame is left out. At that moment `/proc`
/// gives the CPU time the program used (all threads) and its peak RSS. Then the program gets
/// SIGTERM.
struct TerminalFirstFrame {
  /// Seconds from the start to the first frame's last byte.
  var wall: Double
  /// User + system CPU seconds of the program up to the first frame.
  var cpu: Double
  /// Peak RSS (VmHWM) in MB at the first frame.
  var peakMegabytes: Double

  /// Runs `executable` with `arguments` on a new pseudo-terminal of `width` × `height`.
  static func run(
    _ executable: URL, _ arguments: [String], width: Int = 120, height: Int = 40,
    marker: String = "quit", quiet: Double = 0.05, timeout: Double = 300
  ) throws -> TerminalFirstFrame {
    let session = try TerminalSession(executable, arguments, width: width, height: height)
    defer { session.stop() }
    return try firstFrame(of: session, marker: marker, quiet: quiet, timeout: timeout)
  }

  /// The first frame of the program `session` just started.
  static func firstFrame(
    of session: TerminalSession, marker: String = "quit", quiet: Double = 0.05,
    timeout: Double = 300
  ) throws -> TerminalFirstFrame {
    var cpu = 0.0
    var peak = 0.0
    let pid = session.child.pid
    let end = try session.waitForFrame(
      quiet: quiet, timeout: timeout,
      onRead: {
        // Every read of the burst measures again: the last one is the frame's end.
        cpu = Double(ProcessStat.cpuTicks(pid) ?? 0) / Double(sysconf(Int32(_SC_CLK_TCK)))
        peak = Double(ProcessStat.statusKilobytes(pid, "VmHWM") ?? 0) / 1024
      },
      until: { $0.line($0.height - 1).contains(marker) })
    return TerminalFirstFrame(
      wall: end.timeIntervalSince(session.started), cpu: cpu, peakMegabytes: peak)
  }
}
