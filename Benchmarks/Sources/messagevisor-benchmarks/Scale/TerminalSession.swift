import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The real interactive previewer on a pseudo-terminal of a fixed size, driven like a user drives
/// it: its output read in bursts (a burst ends after `quiet` seconds without output) and applied
/// to ``screen``, keys written to its terminal. The program writes each frame in one burst, so
/// the last byte of the burst after which the screen shows what a frame must show is when the
/// user sees it.
final class TerminalSession {
  let child: ChildProcess.Running
  let master: Int32
  /// When the program was started.
  let started: Date
  /// What the terminal shows.
  private(set) var screen: TerminalText
  private var buffer = [UInt8](repeating: 0, count: 65_536)

  /// Starts `executable` with `arguments` on a new pseudo-terminal of `width` × `height`.
  init(_ executable: URL, _ arguments: [String], width: Int = 120, height: Int = 40) throws {
    guard let (master, device) = Self.openPseudoTerminal() else {
      throw BenchmarkFailure(
        text: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    let size = try Processes.run(
      URL(fileURLWithPath: "/bin/stty"),
      ["-F", device, "cols", "\(width)", "rows", "\(height)"], timeout: 10)
    guard size.status == 0 else {
      close(master)
      throw BenchmarkFailure(text: "stty -F \(device): \(size.output)")
    }
    screen = TerminalText(width: width, height: height)
    started = Date()
    do {
      child = try ChildProcess.start(
        [executable.path] + arguments, standardInput: device, standardOutput: device,
        standardError: device)
    } catch {
      close(master)
      throw BenchmarkFailure(text: "cannot start \(executable.path): \(error)")
    }
    self.master = master
  }

  deinit {
    stop()
    close(master)
  }

  /// Reads until the screen shows what `shows` looks for and the burst that made it so has
  /// ended; returns the moment its last byte arrived. `onRead` runs after every read of that
  /// burst (e.g. to sample `/proc` at the frame's end).
  @discardableResult
  func waitForFrame(
    quiet: Double = 0.05, timeout: Double = 300, onRead: () -> Void = {},
    until shows: (TerminalText) -> Bool
  ) throws -> Date {
    let deadline = Date().addingTimeInterval(timeout)
    var last: Date?
    while true {
      let remaining = deadline.timeIntervalSinceNow
      if last != nil && remaining <= 0 { break }
      let wait = last != nil ? quiet : max(remaining, 0)
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32(wait * 1000))
      if ready < 0 && errno == EINTR { continue }
      if ready <= 0 {
        if last != nil { break }
        throw BenchmarkFailure(
          text: "the expected frame did not come within \(Int(timeout)) s:\n\(screen.text)")
      }
      let count = read(master, &buffer, buffer.count)
      guard count > 0 else {
        if last != nil { break }
        throw BenchmarkFailure(text: "the previewer closed the terminal:\n\(screen.text)")
      }
      let now = Date()
      screen.feed(buffer[0..<count])
      if last == nil && !shows(screen) { continue }
      last = now
      onRead()
    }
    return last ?? Date()
  }

  /// Reads and drops output until there was none for `quiet` seconds (at most `timeout`).
  func drain(quiet: Double = 0.2, timeout: Double = 10) {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, Int32(quiet * 1000)) > 0 else { return }
      let count = read(master, &buffer, buffer.count)
      guard count > 0 else { return }
      screen.feed(buffer[0..<count])
    }
  }

  /// Waits until the program has used no CPU for `idle` seconds (its background work, e.g. the
  /// other locales and lint, is done), reading its output meanwhile; at most `timeout` seconds.
  func waitUntilIdle(idle: Double = 0.5, timeout: Double = 120) {
    let deadline = Date().addingTimeInterval(timeout)
    var ticks = ProcessStat.cpuTicks(child.pid)
    while Date() < deadline {
      drain(quiet: idle, timeout: idle)
      let now = ProcessStat.cpuTicks(child.pid)
      if now == ticks { return }
      ticks = now
    }
  }

  /// Writes `keys` to the program's terminal, as typed; returns the moment they were written.
  @discardableResult
  func send(_ keys: String) -> Date {
    let bytes = Array(keys.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    return Date()
  }

  /// Ends the program: SIGTERM, reading what it writes while it restores the terminal (a full
  /// pseudo-terminal would block it), then SIGKILL after 5 s.
  func stop() {
    guard child.isRunning else { return }
    kill(child.pid, SIGTERM)
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
}
