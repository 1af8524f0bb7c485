import Foundation
import TestSupport

/// Group `scale` (issue 32): the release programs on generated projects (`ScaleProject`, 40
/// locales) of 1k, 10k, 100k and 800k translations, so the growth curve is visible. Each run is
/// measured by `/usr/bin/time`: wall time (the row's median), user + system CPU time and peak RSS
/// (in the note).
///
/// Per size, one row per command:
/// - `messagevisor-swift build` into a scratch directory,
/// - the previewer's first frame as a user meets it: the interactive program
///   (`messagevisor-preview --project … --screen messages`) on a 120 × 40 pseudo-terminal, timed
///   until its first frame is on the terminal (``TerminalFirstFrame``; CPU time and RSS at that
///   moment in the note),
/// - `--print --screen messages`: one complete frame (every locale built, lint finished), not
///   budgeted; at 800k its peak RSS as a row of its own (the previewer with everything loaded),
/// - `messagevisor-swift lint`.
///
/// The interactive program's keys at 800k are group `interactive` (`InteractiveScaleBenchmarks`).
///
/// Those rows are cold: `--no-cache` / `--no-build-cache`, so no run reads the build cache. Then,
/// per size, a second start with nothing changed: one `build` fills the cache (not measured),
/// then `build` and the interactive first frame are measured with the cache warm.
///
/// The budgets (`Thresholds/scale.json`) are those of the 800k project. Quick mode (CI) measures
/// only 1k and 10k, once each, and shows the 800k rows as skipped; a full run measures every size.
///
/// Every run gets a scratch `XDG_CACHE_HOME` and `MESSAGEVISOR_CACHE_DIR`, never the user's
/// cache. Projects are written once
/// into `.build/benchmarks/scale/` and reused while their marker matches
/// (`messagevisor-benchmarks generate-project` writes the same projects by hand).
enum ScaleBenchmarks {
  static let group = "scale"
  static let seed: UInt64 = 32
  static let locales = 40
  /// The size the budgets are for: 20,000 messages × 40 locales = 800k translations.
  static let budgetMessages = 20_000

  /// The sizes measured, in messages (× 40 locales): 1k and 10k translations in quick mode, up to
  /// 800k in a full run.
  static func sizes(quick: Bool) -> [Int] {
    quick ? [25, 250] : [25, 250, 2_500, budgetMessages]
  }

  /// The thresholds of the 800k rows (`Thresholds/scale.json`).
  enum ID {
    static let build = "build-800k"
    static let firstFrame = "first-frame-800k"
    static let firstFrameRSS = "first-frame-rss-800k"
    static let lint = "lint-800k"
    static let buildWarm = "build-unchanged-800k"
    static let firstFrameWarm = "first-frame-unchanged-800k"
  }

  static func run(_ settings: Settings, _ report: Report) throws {
    let swiftTool = settings.binaries.appendingPathComponent("messagevisor-swift")
    let preview = settings.binaries.appendingPathComponent("messagevisor-preview")
    for tool in [swiftTool, preview] where !FileManager.default.isExecutableFile(atPath: tool.path)
    {
      throw BenchmarkFailure(text: "\(tool.path) is missing: build it with -c release")
    }
    guard TimedProcess.isAvailable else {
      skipBudgetRows(report, note: "GNU time (/usr/bin/time, Debian package `time`) is missing")
      return
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mv-scale-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let datafiles = scratch.appendingPathComponent("datafiles").path
    try FileManager.default.createDirectory(atPath: datafiles, withIntermediateDirectories: true)
    let restore = useScratchEnvironment(scratch)
    defer { restore() }
    for messages in sizes(quick: settings.quick) {
      let project = ScaleProject(messages: messages, locales: locales, seed: seed)
      let directory = try prepare(project, root: settings.root)
      let size = label(project)
      let budgeted = messages == budgetMessages
      let runs = settings.quick ? 1 : 3
      let build = [
        "build", "--projectDirectoryPath=\(directory)", "--datafilesDirectoryPath=\(datafiles)",
      ]
      let interactive = ["--project", directory, "--screen", "messages"]
      let printed = [
        "--print", "--project", directory, "--screen", "messages", "--no-watch", "--width", "120",
      ]
      try measure(
        report, "`messagevisor-swift build`, \(size)", id: budgeted ? ID.build : nil, runs: runs,
        swiftTool, build + ["--no-cache"])
      try measureFirstFrame(
        report, "previewer first frame (interactive, `--screen messages`), \(size)",
        id: budgeted ? ID.firstFrame : nil, runs: runs, preview,
        interactive + ["--no-build-cache"])
      let frames = try measure(
        report, "previewer `--print --screen messages` (every locale, lint done), \(size)",
        id: nil, runs: runs, preview, printed + ["--no-build-cache"])
      // The budgeted size's RSS as a row of its own (the others' are in the note above).
      if budgeted {
        report.add(
          group, "previewer peak RSS, \(size)", id: ID.firstFrameRSS,
          samples: frames.map(\.peakMegabytes), unit: .mb,
          note: "ru_maxrss of the `--print` runs above (everything loaded)")
      }
      try measure(
        report, "`messagevisor-swift lint`, \(size)", id: budgeted ? ID.lint : nil, runs: runs,
        swiftTool, ["lint", "--projectDirectoryPath=\(directory)", "--format=json"],
        okStatuses: [0, 1])
      // A second start with nothing changed: the first build fills the cache.
      _ = try TimedProcess.run(swiftTool, build, timeout: 900)
      try measure(
        report, "`messagevisor-swift build`, nothing changed, \(size)",
        id: budgeted ? ID.buildWarm : nil, runs: runs, swiftTool, build)
      try measureFirstFrame(
        report, "previewer first frame (interactive), nothing changed, \(size)",
        id: budgeted ? ID.firstFrameWarm : nil, runs: runs, preview, interactive)
    }
    if settings.quick {
      skipBudgetRows(
        report, note: "quick mode measures 1k and 10k translations; a full run measures up to 800k")
    }
  }

  /// Points the programs' caches into `scratch`, not the user's cache, and sets the kind of
  /// terminal the interactive previewer draws on; returns what puts the environment back.
  static func useScratchEnvironment(_ scratch: URL) -> () -> Void {
    let saved = ["XDG_CACHE_HOME", "MESSAGEVISOR_CACHE_DIR", "TERM"].map {
      ($0, ProcessInfo.processInfo.environment[$0])
    }
    setenv("XDG_CACHE_HOME", scratch.path + "/cache", 1)
    setenv("MESSAGEVISOR_CACHE_DIR", scratch.path + "/build-cache", 1)
    setenv("TERM", "xterm-256color", 1)
    return {
      for (name, value) in saved {
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
      }
    }
  }

  /// Skipped rows for the thresholds of the 800k rows measured in a full run.
  static func skipBudgetRows(_ report: Report, note: String) {
    let size = label(ScaleProject(messages: budgetMessages, locales: locales, seed: seed))
    report.skip(group, "`messagevisor-swift build`, \(size)", id: ID.build, unit: .s, note: note)
    report.skip(
      group, "previewer first frame (interactive, `--screen messages`), \(size)",
      id: ID.firstFrame, unit: .s, note: note)
    report.skip(group, "previewer peak RSS, \(size)", id: ID.firstFrameRSS, unit: .mb, note: note)
    report.skip(group, "`messagevisor-swift lint`, \(size)", id: ID.lint, unit: .s, note: note)
    report.skip(
      group, "`messagevisor-swift build`, nothing changed, \(size)", id: ID.buildWarm, unit: .s,
      note: note)
    report.skip(
      group, "previewer first frame (interactive), nothing changed, \(size)",
      id: ID.firstFrameWarm, unit: .s, note: note)
  }

  /// Runs the program `runs` times and adds a wall-time row (CPU time and peak RSS in the note).
  @discardableResult
  static func measure(
    _ report: Report, _ name: String, id: String?, runs: Int, _ executable: URL,
    _ arguments: [String], okStatuses: Set<Int32> = [0]
  ) throws -> [TimedProcess] {
    var results: [TimedProcess] = []
    for _ in 0..<runs {
      let result = try TimedProcess.run(executable, arguments, timeout: 900)
      guard okStatuses.contains(result.status) else {
        throw BenchmarkFailure(
          text: "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) exited "
            + "\(result.status): \(result.output.suffix(600))")
      }
      results.append(result)
    }
    let cpu = Harness.median(results.map(\.cpu))
    let rss = Harness.median(results.map(\.peakMegabytes))
    report.add(
      group, name, id: id, samples: results.map(\.wall), unit: .s, clock: "wall",
      note: "user+sys \(Report.format(cpu)) s, peak RSS \(Report.format(rss)) MB (medians)")
    return results
  }

  /// Starts the interactive previewer `runs` times on a pseudo-terminal and adds a wall-time row
  /// of its first frame (CPU time and RSS at that moment in the note).
  static func measureFirstFrame(
    _ report: Report, _ name: String, id: String?, runs: Int, _ executable: URL,
    _ arguments: [String]
  ) throws {
    var results: [TerminalFirstFrame] = []
    for _ in 0..<runs {
      results.append(try TerminalFirstFrame.run(executable, arguments, timeout: 900))
    }
    let cpu = Harness.median(results.map(\.cpu))
    let rss = Harness.median(results.map(\.peakMegabytes))
    report.add(
      group, name, id: id, samples: results.map(\.wall), unit: .s, clock: "wall",
      note:
        "120×40 pty, until the frame's last byte; user+sys \(Report.format(cpu)) s, RSS \(Report.format(rss)) MB then (medians)"
    )
  }

  /// The project's directory under `.build/benchmarks/scale/`, written unless already there.
  static func prepare(_ project: ScaleProject, root: URL) throws -> String {
    let directory = root.appendingPathComponent(
      ".build/benchmarks/scale/m\(project.messages)-l\(project.locales)-s\(project.seed)"
    ).path
    if project.isWritten(at: directory) { return directory }
    try? FileManager.default.removeItem(atPath: directory)
    FileHandle.standardError.write(
      Data("  generating \(project.translations) translations into \(directory)\n".utf8))
    try project.write(to: directory)
    return directory
  }

  /// `800k (20,000 × 40)`.
  static func label(_ project: ScaleProject) -> String {
    "\(count(project.translations)) (\(grouped(project.messages)) × \(project.locales))"
  }

  /// `20000` → `20,000`.
  static func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    var result = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return result
  }

  /// `800000` → `800k`.
  static func count(_ value: Int) -> String {
    value >= 1_000 && value % 1_000 == 0 ? "\(value / 1_000)k" : "\(value)"
  }
}
