import Foundation
import TestSupport

/// Group `interactive`: the interactive previewer at a big app's size (issue 32, item 5; the
/// scale group's 800k project), as a user meets it: the real program on a 120 × 40
/// pseudo-terminal (``TerminalSession``) showing the message browser
/// over every message, keys written to its terminal, each row timed from the key to the last
/// byte of the frame that shows its effect.
///
/// - Locale switch right after the first frame: `l` as soon as the first frame is on the
///   terminal, while the program still builds the other locales and lints in the background
///   (the next locale may not be built yet); one start per sample.
/// - Locale switch once the background work is done (`l`, locale after locale).
/// - Message browser key press (`j`, the selection moves and the detail pane follows).
/// - Peak RSS (`VmHWM`) of each start once its background work is done (every locale built,
///   lint finished): the memory a user's previewer holds at this size; and, in the row's note,
///   the last start's peak after the switches and key presses above.
///
/// A full run only (quick mode shows the rows as skipped). The build cache is warmed by one start
/// before the samples, so each start is the one a user meets the second time.
enum InteractiveScaleBenchmarks {
  static let group = "interactive"

  /// The thresholds of these rows (`Thresholds/scale.json`).
  enum ID {
    static let earlySwitch = "locale-switch-early-800k"
    static let localeSwitch = "locale-switch-800k"
    static let keyPress = "browser-key-800k"
    static let peakRSS = "interactive-rss-800k"
  }

  static func run(_ settings: Settings, _ report: Report) throws {
    let project = ScaleProject(
      messages: ScaleBenchmarks.budgetMessages, locales: ScaleBenchmarks.locales,
      seed: ScaleBenchmarks.seed)
    let size = ScaleBenchmarks.label(project)
    let preview = settings.binaries.appendingPathComponent("messagevisor-preview")
    guard !settings.quick else {
      skip(report, size: size, note: "a full run measures the 800k project (quick mode does not)")
      return
    }
    guard FileManager.default.isExecutableFile(atPath: preview.path) else {
      throw BenchmarkFailure(text: "\(preview.path) is missing: build it with -c release")
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mv-interactive-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let restore = ScaleBenchmarks.useScratchEnvironment(scratch)
    defer { restore() }
    let directory = try ScaleBenchmarks.prepare(project, root: settings.root)
    let arguments = ["--project", directory, "--screen", "messages"]
    // One start fills the build cache.
    _ = try TerminalFirstFrame.run(preview, arguments, timeout: 900)
    try measure(report, preview, arguments, order: project.localeCodes, size: size, runs: 3)
  }

  /// The rows, on `runs` starts of the program.
  static func measure(
    _ report: Report, _ preview: URL, _ arguments: [String], order: [String], size: String,
    runs: Int
  ) throws {
    guard order.count > 2 else { return }
    var early: [Double] = []
    var peaks: [Double] = []
    var session: TerminalSession?
    for _ in 0..<runs {
      session?.stop()
      let started = try TerminalSession(preview, arguments)
      session = started
      _ = try TerminalFirstFrame.firstFrame(of: started, timeout: 900)
      let pressed = started.send("l")
      let shown = try started.waitForFrame(timeout: 60) { shows(order[1], $0) }
      early.append(shown.timeIntervalSince(pressed) * 1000)
      started.waitUntilIdle()
      peaks.append(peakMegabytes(started))
    }
    guard let session else { return }
    defer { session.stop() }
    report.add(
      group,
      "previewer locale switch right after the first frame (`l`, background work running), \(size)",
      id: ID.earlySwitch, samples: early, unit: .ms, clock: "wall",
      note: "a new start per sample (build cache warm); key → the frame's last byte")

    // Everything built and linted: the program is idle.
    session.waitUntilIdle()
    var switches: [Double] = []
    var index = 1
    for _ in 0..<9 {
      index = (index + 1) % order.count
      let pressed = session.send("l")
      let shown = try session.waitForFrame(timeout: 60) { shows(order[index], $0) }
      switches.append(shown.timeIntervalSince(pressed) * 1000)
    }
    report.add(
      group, "previewer locale switch (`l`), every locale built, \(size)",
      id: ID.localeSwitch, samples: switches, unit: .ms, clock: "wall",
      note: "key → the frame's last byte, after the background work ended")

    var presses: [Double] = []
    for press in 0..<15 {
      let pressed = session.send("j")
      // The browser's title counts the selected message: `Messages 2/20000`.
      let title = "Messages \(press + 2)/"
      let shown = try session.waitForFrame(timeout: 60) { $0.line(1).contains(title) }
      presses.append(shown.timeIntervalSince(pressed) * 1000)
    }
    report.add(
      group, "previewer message browser key press (`j`), \(size)",
      id: ID.keyPress, samples: presses, unit: .ms, clock: "wall",
      note: "key → the last byte of the frame with the next message selected")

    report.add(
      group, "previewer peak RSS (interactive, every locale built, lint done), \(size)",
      id: ID.peakRSS, samples: peaks, unit: .mb,
      note: String(
        format: "VmHWM of each start once idle; %.0f MB after the 10 switches and 15 keys above",
        peakMegabytes(session)))
  }

  /// The program's peak resident memory so far (`VmHWM`), in MB.
  static func peakMegabytes(_ session: TerminalSession) -> Double {
    Double(ProcessStat.statusKilobytes(session.child.pid, "VmHWM") ?? 0) / 1024
  }

  /// Whether the status bar (the top row) shows `locale` as the active one (`de-DE ltr`).
  static func shows(_ locale: String, _ screen: TerminalText) -> Bool {
    let status = screen.line(0)
    return status.contains("\(locale) ltr") || status.contains("\(locale) rtl")
  }

  /// The rows of a full run, skipped (quick mode).
  static func skip(_ report: Report, size: String, note: String) {
    for (name, id) in [
      (
        "previewer locale switch right after the first frame (`l`, background work running)",
        ID.earlySwitch
      ),
      ("previewer locale switch (`l`), every locale built", ID.localeSwitch),
      ("previewer message browser key press (`j`)", ID.keyPress),
    ] {
      report.skip(group, "\(name), \(size)", id: id, unit: .ms, note: note)
    }
    report.skip(
      group, "previewer peak RSS (interactive, every locale built, lint done), \(size)",
      id: ID.peakRSS, unit: .mb, note: note)
  }
}
