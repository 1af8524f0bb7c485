import Foundation
import Preview
import TerminalUI
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The previewer: first frame (`--print` and in tmux), key-to-frame latency, full frames at
/// 100x30 and 200x60, idle CPU and RSS of the interactive program.
enum PreviewBenchmarks {
  static let group = "preview"
  static let title = "Welcome to ReRune"

  static func run(_ settings: Settings, _ report: Report) throws {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mv-bench-preview-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    try inProcess(settings, report, cache: cache.path + "/in-process")

    let binary = settings.binaries.appendingPathComponent("messagevisor-preview")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      report.skip(
        group, "first frame, --print", id: "first-frame-print", unit: .ms,
        note: "\(binary.path) not built")
      return
    }
    try printMode(settings, report, binary: binary, cache: cache.path + "/print")
    guard TmuxDriver.isAvailable else {
      report.skip(group, "tmux rows", unit: .ms, note: "tmux is not installed")
      return
    }
    let tmux = TmuxDriver(prefix: "mv-bench")
    defer { tmux.stop() }
    try tmux.startKeeper()
    try inTmux(settings, report, tmux: tmux, binary: binary, cache: cache.path + "/tmux")
    try terminalFrames(settings, report, tmux: tmux)
  }

  /// Headless: the Preview library's update + view + frame diff, no terminal output.
  static func inProcess(_ settings: Settings, _ report: Report, cache: String) throws {
    let prepared = try PreviewHarness.prepare(root: settings.root, cacheDirectory: cache)
    defer { prepared.session.stop() }
    let screen = HeadlessScreen(width: 100, height: 30, maximumRecordedFrames: 2)
    let loop = PreviewLoop(
      screen: screen, session: prepared.session, state: prepared.state, interval: 0)
    loop.start()
    guard screen.lastLines.joined(separator: "\n").contains(title) else {
      throw BenchmarkFailure(text: "headless first frame lacks \"\(title)\"")
    }
    // Breakdown of the first frame: prepare (project, catalogs, OTA cache) + session + first
    // frame, in-process and headless (no process start, no terminal).
    let startup = try Harness.wall(runs: settings.repetitions(11)) {
      let again = try PreviewHarness.prepare(root: settings.root, cacheDirectory: cache)
      defer { again.session.stop() }
      let headless = HeadlessScreen(width: 100, height: 30, maximumRecordedFrames: 2)
      PreviewLoop(screen: headless, session: again.session, state: again.state, interval: 0).start()
    }
    report.addNanoseconds(
      group, "breakdown: in-process start to first frame (headless)", samples: startup, unit: .ms,
      clock: "wall", note: "PreviewLauncher.prepare + PreviewSession + PreviewLoop.start")
    let runs = settings.quick ? 20 : 200
    report.addNanoseconds(
      group, "key to frame, headless (`l` next locale: update + view + diff)",
      id: "key-to-frame-headless",
      samples: Harness.cpuClock
        ? PreviewHarness.keyToFrame(loop: loop, runs: runs).cpu
        : PreviewHarness.keyToFrame(loop: loop, runs: runs).wall, unit: .ms,
      note: "100x30, Welcome screen, cycles the demo's locales")
    for size in [TerminalSize(width: 100, height: 30), TerminalSize(width: 200, height: 60)] {
      var state = loop.state
      state.screen = "story"
      state.width = size.width
      state.height = size.height
      let samples = Harness.samples(runs: runs, iterations: 1) {
        PreviewView.render(state, size: size).size.width
      }
      report.add(
        group, "view: build the Story frame at \(size.width)x\(size.height) (no output)",
        samples: samples.map { $0 / 1e6 }, unit: .ms)
    }
  }

  /// `messagevisor-preview --print` end to end (process start, project load, one OTA check
  /// against the demo's local site, one frame).
  static func printMode(_ settings: Settings, _ report: Report, binary: URL, cache: String) throws {
    let arguments = ["--print", "--cache-dir", cache]
    let warm = try Processes.run(binary, arguments, timeout: 60)
    guard warm.status == 0, warm.output.contains(title) else {
      throw BenchmarkFailure(
        text: "--print failed (exit \(warm.status)): \(warm.output.prefix(400))")
    }
    let samples = try Harness.wall(runs: settings.repetitions(11)) {
      _ = try Processes.run(binary, arguments, timeout: 60)
    }
    report.addNanoseconds(
      group, "first frame, `messagevisor-preview --print` (process wall time)",
      id: "first-frame-print", samples: samples, unit: .ms, clock: "wall",
      note: "warm OTA cache; includes one OTA check of Demo/ota")
  }

  /// In tmux on a private socket: launch → title visible; then idle CPU and RSS.
  static func inTmux(
    _ settings: Settings, _ report: Report, tmux: TmuxDriver, binary: URL, cache: String
  ) throws {
    let command =
      "cd \(ChildProcess.shellQuoted(settings.root.path)) && exec \(ChildProcess.shellQuoted(binary.path)) --cache-dir \(ChildProcess.shellQuoted(cache))"
    // The server and a warm cache first (not timed).
    try tmux.newSession("warm", width: 100, height: 30, command)
    _ = tmux.waitFor(title, seconds: 30, interval: 0.005, name: "warm")
    tmux.kill(session: "warm")
    // Resolution of the measurement: one capture-pane round trip.
    let roundTrips = Harness.wall(runs: 11) { _ = tmux.capture("keeper") }
    // Reference: the same launch + polling with a trivial program that prints the title at once.
    var baseline: [Double] = []
    for run in 0..<settings.repetitions(11) {
      let name = "base\(run)"
      let start = Harness.now()
      try tmux.newSession(
        name, width: 100, height: 30, "echo \(ChildProcess.shellQuoted(title)); exec sleep 60")
      guard tmux.waitFor(title, seconds: 30, interval: 0.005, name: name) else {
        tmux.kill(session: name)
        throw BenchmarkFailure(text: "tmux: the echo baseline never showed its text")
      }
      baseline.append(Double(Harness.now() - start))
      tmux.kill(session: name)
    }
    var samples: [Double] = []
    for run in 0..<settings.repetitions(11) {
      let name = "first\(run)"
      let start = Harness.now()
      try tmux.newSession(name, width: 100, height: 30, command)
      guard tmux.waitFor(title, seconds: 30, interval: 0.005, name: name) else {
        tmux.kill(session: name)
        throw BenchmarkFailure(text: "tmux: the Welcome title never appeared")
      }
      samples.append(Double(Harness.now() - start))
      tmux.kill(session: name)
    }
    report.addNanoseconds(
      group, "first frame in tmux (launch → capture-pane shows the title)",
      id: "first-frame-tmux", samples: samples, unit: .ms,
      reference: ("tmux + `echo` of the title", Harness.median(baseline) / 1e6), clock: "wall",
      note: String(
        format: "includes tmux new-session; capture-pane polled every 5 ms, one round trip %.1f ms",
        Harness.median(roundTrips) / 1e6))

    // Idle: the interactive program with its default 5 s background checks.
    try tmux.newSession("idle", width: 100, height: 30, command)
    defer { tmux.kill(session: "idle") }
    guard tmux.waitFor(title, seconds: 30, interval: 0.005, name: "idle"),
      let pid = tmux.panePID("idle")
    else {
      throw BenchmarkFailure(text: "tmux: the idle previewer did not start")
    }
    usleep(1_000_000)
    let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    guard let before = ProcessStat.cpuTicks(pid) else {
      throw BenchmarkFailure(text: "cannot read /proc/\(pid)/stat")
    }
    let start = Harness.now()
    var rssSamples: [Double] = []
    let slices = max(5, Int(settings.idleSeconds.rounded()))
    for _ in 0..<slices {
      usleep(useconds_t(settings.idleSeconds / Double(slices) * 1_000_000))
      if let kilobytes = ProcessStat.statusKilobytes(pid, "VmRSS") {
        rssSamples.append(Double(kilobytes) / 1024)
      }
    }
    guard let after = ProcessStat.cpuTicks(pid) else {
      throw BenchmarkFailure(text: "the previewer exited during the idle window")
    }
    let seconds = Double(Harness.now() - start) / 1e9
    let percent = Double(after - before) / ticksPerSecond / seconds * 100
    report.add(
      group,
      "idle CPU over \(Report.format(settings.idleSeconds)) s (interactive, default 5 s OTA checks)",
      id: "idle-cpu", samples: [percent], unit: .percent,
      note:
        "one window: /proc/\(pid)/stat utime+stime, \(after - before) ticks at \(Int(ticksPerSecond)) Hz "
        + String(format: "over %.1f s", seconds))
    let peak = Double(ProcessStat.statusKilobytes(pid, "VmHWM") ?? 0) / 1024
    report.add(
      group, "RSS during the idle window", id: "rss", samples: rssSamples, unit: .mb,
      note: String(
        format: "VmRSS sampled %d times; max %.1f MB; peak since start (VmHWM) %.1f MB",
        rssSamples.count, rssSamples.max() ?? 0, peak))
    tmux.send("q", name: "idle")
  }

  /// The benchmark binary itself in tmux panes of 100x30 and 200x60: full redraws and key to
  /// frame through ncurses into the pty.
  static func terminalFrames(_ settings: Settings, _ report: Report, tmux: TmuxDriver) throws {
    let me = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    let runs = settings.quick ? 10 : 100
    for (width, height) in [(100, 30), (200, 60)] {
      let output = FileManager.default.temporaryDirectory.appendingPathComponent(
        "mv-bench-tty-\(UUID().uuidString).tsv")
      defer { try? FileManager.default.removeItem(at: output) }
      let name = "tty\(width)"
      try tmux.newSession(
        name, width: width, height: height,
        "exec \(ChildProcess.shellQuoted(me.path)) --tty-child \(ChildProcess.shellQuoted(output.path)) --root \(ChildProcess.shellQuoted(settings.root.path)) --runs \(runs)"
      )
      let deadline = Date().addingTimeInterval(120)
      while !FileManager.default.fileExists(atPath: output.path), Date() < deadline {
        usleep(20_000)
      }
      tmux.kill(session: name)
      guard let text = try? String(contentsOf: output, encoding: .utf8) else {
        throw BenchmarkFailure(text: "tty child at \(width)x\(height) produced no results")
      }
      var rows: [String: [Double]] = [:]
      var actualSize = ""
      for line in text.split(separator: "\n") {
        let fields = line.split(separator: "\t").map(String.init)
        guard let key = fields.first else { continue }
        if key == "error" { throw BenchmarkFailure(text: "tty child: \(fields.dropFirst())") }
        if key == "size" { actualSize = fields.count > 1 ? fields[1] : "" }
        rows[key] = fields.dropFirst().compactMap(Double.init)
      }
      report.addNanoseconds(
        group, "full frame at \(width)x\(height) in tmux (view + ncurses redraw of every cell)",
        samples: rows["fullFrame"] ?? [], unit: .ms, clock: "wall",
        note: "Story screen; pane \(actualSize); thread CPU "
          + String(format: "%.2f ms", Harness.median(rows["fullFrameCPU"] ?? []) / 1e6))
      report.addNanoseconds(
        group, "key to frame at \(width)x\(height) in tmux (`l`, ncurses output)",
        id: "tmux-key-to-frame-\(width)x\(height)", samples: rows["keyToFrame"] ?? [], unit: .ms,
        clock: "wall",
        note: "update + view + diff + ncurses refresh; thread CPU "
          + String(format: "%.2f ms", Harness.median(rows["keyToFrameCPU"] ?? []) / 1e6))
    }
  }
}
