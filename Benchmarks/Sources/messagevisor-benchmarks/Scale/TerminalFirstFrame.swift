import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// One start of the interactive previewer as a user meets it: the real program on a
/// pseudo-terminal of a fixed size, timed from its start until its first frame is on the
/// terminal.
///
/// The program writes its first frame (top row to bottom row) in one burst; the bottom row is
/// the key bar, which ends with `marker` (`quit`). The clock stops at the last byte of the burst
/// that holds the marker (a burst ends after `quiet` seconds without output), so what the
/// program does after its first frame (the other locales, lint) is not counted, and nothing it
/// needs for the frame is left out. At that moment `/proc` gives the CPU time the program used
/// (all threads) and its peak RSS. Then the program gets SIGTERM.
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
    guard let (master, device) = openPseudoTerminal() else {
      throw BenchmarkFailure(
        text: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    defer { close(master) }
    let size = try Processes.run(
      URL(fileURLWithPath: "/bin/stty"),
      ["-F", device, "cols", "\(width)", "rows", "\(height)"], timeout: 10)
    guard size.status == 0 else {
      throw BenchmarkFailure(text: "stty -F \(device): \(size.output)")
    }
    let start = Date()
    let child: ChildProcess.Running
    do {
      child = try ChildProcess.start(
        [executable.path] + arguments, standardInput: device, standardOutput: device,
        standardError: device)
    } catch {
      throw BenchmarkFailure(text: "cannot start \(executable.path): \(error)")
    }
    defer { stop(child, master: master) }
    let needle = Array(marker.utf8)
    var window: [UInt8] = []
    var measured: TerminalFirstFrame?
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let elapsed = Date().timeIntervalSince(start)
      if measured != nil && elapsed > timeout { break }
      let wait = measured != nil ? quiet : max(timeout - elapsed, 0)
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32(wait * 1000))
      if ready < 0 && errno == EINTR { continue }
      if ready <= 0 {
        if measured != nil { break }
        throw BenchmarkFailure(text: "no first frame within \(Int(timeout)) s: \(text(window))")
      }
      let count = read(master, &buffer, buffer.count)
      guard count > 0 else {
        if measured != nil { break }
        throw BenchmarkFailure(text: "the previewer closed the terminal: \(text(window))")
      }
      let now = Date().timeIntervalSince(start)
      if measured == nil {
        window.append(contentsOf: buffer[0..<count])
        let found =
          window.count >= needle.count
          && (0...(window.count - needle.count)).contains {
            window[$0..<($0 + needle.count)].elementsEqual(needle)
          }
        // Keep enough to find a marker split between two reads, and to show what came.
        window = Array(window.suffix(4_096))
        guard found else { continue }
      }
      // Every read of the burst measures again: the last one is the frame's end.
      let ticks = Double(ProcessStat.cpuTicks(child.pid) ?? 0)
      let peak = Double(ProcessStat.statusKilobytes(child.pid, "VmHWM") ?? 0)
      measured = TerminalFirstFrame(
        wall: now, cpu: ticks / Double(sysconf(Int32(_SC_CLK_TCK))), peakMegabytes: peak / 1024)
    }
    guard let measured else { throw BenchmarkFailure(text: "no first frame: \(text(window))") }
    return measured
  }

  /// Ends the program: SIGTERM, reading what it writes while it restores the terminal (a full
  /// pseudo-terminal would block it), then SIGKILL after 5 s.
  static func stop(_ child: ChildProcess.Running, master: Int32) {
    kill(child.pid, SIGTERM)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let deadline = Date().addingTimeInterval(5)
    while child.isRunning && Date() < deadline {
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      if poll(&descriptor, 1, 20) > 0 { _ = read(master, &buffer, buffer.count) }
    }
    child.stop(grace: 0.1)
  }

  /// A new pseudo-terminal: its master's descriptor and its terminal's device path. libc's
  /// `posix_openpt`, `grantpt`, `unlockpt` and `ptsname` are looked up at run time: the Glibc
  /// module does not import them (they need `_XOPEN_SOURCE`).
  static func openPseudoTerminal() -> (master: Int32, device: String)? {
    typealias Call = @convention(c) (Int32) -> Int32
    typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
    func function<Function>(_ name: String, _ type: Function.Type) -> Function? {
      guard let libc = dlopen(nil, RTLD_NOW), let symbol = dlsym(libc, name) else { return nil }
      return unsafeBitCast(symbol, to: type)
    }
    guard let open = function("posix_openpt", Call.self),
      let grant = function("grantpt", Call.self),
      let unlock = function("unlockpt", Call.self), let name = function("ptsname", Name.self)
    else { return nil }
    let master = open(O_RDWR | O_NOCTTY)
    guard master >= 0 else { return nil }
    guard grant(master) == 0, unlock(master) == 0, let path = name(master) else {
      close(master)
      return nil
    }
    return (master, String(cString: path))
  }

  /// The last bytes the program wrote, readable in an error message.
  static func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes.suffix(400), as: UTF8.self).unicodeScalars.map {
      $0.value < 0x20 || $0.value == 0x7F ? "." : String($0)
    }.joined()
  }
}
