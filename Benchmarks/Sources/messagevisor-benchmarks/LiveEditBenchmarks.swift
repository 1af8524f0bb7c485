import Foundation
import Messagevisor
import MessagevisorProject
import Preview
import TerminalUI
import TestSupport

/// Live editing (issue 14): from a file written in a project to new datafiles, and to the
/// previewer's next frame through the real inotify watcher, on a temporary copy of project-1
/// (target `swift`, 16 locales) and on a generated project of 10,000 messages in 6 locales. The
/// reference in the same run is what a restart would do: load the whole project and build every
/// locale of the target.
enum LiveEditBenchmarks {
  static let group = "live"

  static func run(_ settings: Settings, _ report: Report) throws {
    let scratch = NSTemporaryDirectory() + "mv-live-bench-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    // A worktree outside the usual layout can point at the fixtures with MESSAGEVISOR_FIXTURES.
    let fixtures =
      settings.fixtures
      ?? ProcessInfo.processInfo.environment["MESSAGEVISOR_FIXTURES"].map {
        URL(fileURLWithPath: $0)
      }
    if let fixtures {
      let copy = scratch + "/project-1"
      try FileManager.default.createDirectory(
        atPath: scratch, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        atPath: fixtures.appendingPathComponent("messagevisor-project-1").path, toPath: copy)
      let messages = try FileManager.default.subpathsOfDirectory(atPath: copy + "/messages")
        .filter { $0.hasSuffix(".yml") }.sorted()
      guard let file = messages.first else { throw BenchmarkError("project-1 has no messages") }
      let key = String(file.dropLast(4)).replacingOccurrences(of: "/", with: ".")
      let locales = try targetLocales(copy, "swift")
      try measure(
        settings, report, name: "project-1 (swift, \(locales.count) locales)", root: copy,
        target: "swift", file: "messages/" + file, key: key, id: "project-1"
      ) { edit in
        "translations:\n" + locales.map { "  \($0): \"edit \(edit) (\($0))\"\n" }.joined()
      }
    } else {
      for (name, id) in [
        ("project-1: edit → new datafiles", "project-1.edit-to-datafiles"),
        ("project-1: edit → new frame", "project-1.edit-to-frame.message-browser"),
      ] {
        report.skip(
          group, name, id: id, unit: .ms,
          note: "../shared/fixtures is absent (project-1 lives there)")
      }
    }
    let count = settings.quick ? 2_000 : 10_000
    let generated = scratch + "/generated"
    let index = 1_234 % count
    // A screen of its own, as a project would have: the previewer shows it first (instead of
    // the message browser over all 10,000 keys).
    let project = ScaleProject(
      messages: count, locales: 6, seed: ScaleBenchmarks.seed, screenMessages: [index, 1, 2, 3])
    try project.write(to: generated)
    try measure(
      settings, report, name: "generated (\(count) messages × 6 locales)", root: generated,
      target: ScaleProject.target, file: project.path(of: index), key: project.key(of: index),
      id: "generated"
    ) { edit in project.text(of: index, edit: "edit \(edit)") }

    // A big app's project (issue 32): 20,000 messages × 40 locales, the message browser over all
    // of them. A full run only (writing and loading it takes most of a minute).
    let big = ScaleProject(
      messages: ScaleBenchmarks.budgetMessages, locales: ScaleBenchmarks.locales,
      seed: ScaleBenchmarks.seed)
    let bigName = "generated (\(ScaleBenchmarks.label(big)))"
    guard !settings.quick else {
      for (row, id) in [
        ("edit → new datafiles (incremental)", "scale-800k.edit-to-datafiles"),
        ("edit → new frame, message browser", "scale-800k.edit-to-frame.message-browser"),
      ] {
        report.skip(
          group, "\(bigName): \(row)", id: id, unit: .ms,
          note: "a full run measures the 800k project (quick mode does not write it)")
      }
      return
    }
    let bigRoot = scratch + "/generated-800k"
    let bigIndex = 12_345 % big.messages
    try big.write(to: bigRoot)
    try measure(
      settings, report, name: bigName, root: bigRoot, target: ScaleProject.target,
      file: big.path(of: bigIndex), key: big.key(of: bigIndex), id: "scale-800k",
      fullRuns: 2
    ) { edit in big.text(of: bigIndex, edit: "edit \(edit)") }
  }

  static func targetLocales(_ root: String, _ target: String) throws -> [String] {
    let project = try ProjectLoader().load(path: root)
    let builder = DatafileBuilder(
      project: project, evaluatePredicate: EngineBridge.evaluatePredicate)
    return builder.locales(of: try builder.target(target))
  }

  /// Three rows for one project: the full rebuild (reference), edit → new datafiles (in
  /// process), and edit → new frame (through the watcher, the session and the view).
  static func measure(
    _ settings: Settings, _ report: Report, name: String, root: String, target: String,
    file: String, key: String, id: String, fullRuns: Int = 5, text: (Int) -> String
  ) throws {
    let runs = settings.repetitions(9)
    let full = try Harness.loop(runs: settings.quick ? 3 : fullRuns) {
      let project = try ProjectLoader().load(path: root)
      let builder = DatafileBuilder(
        project: project, evaluatePredicate: EngineBridge.evaluatePredicate)
      for locale in builder.locales(of: try builder.target(target)) {
        benchmarkSink &+= try builder.buildContent(target: target, locale: locale).content
          .translations.count
      }
    }
    let reference = (name: "full load + build", median: Harness.median(full) / 1e6)
    report.addNanoseconds(
      group, "\(name): full load + build of the target (a restart)", samples: full, unit: .ms)

    // Edit → new datafiles, in process: write the file, then one incremental update.
    let live = LiveProjectBuild(root: root, target: target)
    guard live.update(nil).errors.isEmpty else { throw BenchmarkError("\(name) does not build") }
    var edit = 0
    var patched = ""
    let datafiles = try Harness.loop(runs: runs) {
      edit += 1
      try text(edit).write(toFile: root + "/" + file, atomically: false, encoding: .utf8)
      let result = live.update(ProjectChangeBatch(paths: [file], eventCount: 1))
      guard result.errors.isEmpty, let update = result.update,
        update.changed.values.contains(where: {
          $0.translations[key]?.contains("edit \(edit)") == true
        })
      else {
        throw BenchmarkError("\(name): the edit did not reach the datafiles: \(result.errors)")
      }
      patched = "\(update.changed.count) locales patched, \(result.parsedFiles.count) file parsed"
    }
    report.addNanoseconds(
      group, "\(name): edit → new datafiles (incremental)", id: id + ".edit-to-datafiles",
      samples: datafiles, unit: .ms, reference: reference,
      note: patched + "; write + update, in process")

    // Edit → new frame: inotify, debounce (50 ms quiet period), rebuild, setDatafile, change
    // event, resolve, render. The session starts as the previewer does with `--project`: the
    // project's screens, attributes and notes (PreviewLauncher's sources).
    guard let model = live.project else { throw BenchmarkError("\(name): no project model") }
    let project = PreviewProjectLoader.project(
      model, path: root, target: target, datafiles: live.datafiles, locales: live.locales)
    var sources = SessionSources(
      screens: project.screens, attributes: project.attributes, projectLayer: project.layerName,
      localeOrder: project.locales, project: project.project)
    sources.sourceLocale = project.sourceLocale
    sources.messageNotes = MessageNotes.of(model)
    let session = PreviewSession(
      PreviewSessionConfiguration(
        layers: DatafileLayers(bases: [.init(name: project.layerName, datafiles: live.datafiles)]),
        locale: "en-US", context: project.defaultContext,
        modules: PreviewLauncher.defaultModules(), sources: sources),
      inbox: PreviewInbox())
    defer { session.stop() }
    let woke = DispatchSemaphore(value: 0)
    let reload = try ProjectLiveReload(
      project: root, target: target, session: session, wake: { woke.signal() })
    defer { reload.stop() }
    // A big project on a busy machine takes longer than the default half minute.
    guard reload.waitUntilReady(timeout: 300) else {
      throw BenchmarkError("\(name): no first build within 300 s")
    }
    while woke.wait(timeout: .now() + 0.3) == .success {}
    _ = session.inbox.drain()
    // The project's first screen (what `--project` starts on), then the message browser over
    // every message of the target (`m`; what a project without previews/ starts on).
    let first = project.screens.defaultScreen
    let shown: [(screen: String, label: String)] =
      first == ScreenCatalog.messagesScreen
      ? [(first, "message browser")]
      : [(first, "screen \(first)"), (ScreenCatalog.messagesScreen, "message browser")]
    for (screen, label) in shown {
      var state = PreviewState(otaSource: "none", width: 100, height: 30)
      state.screen = PreviewScreen(rawValue: screen)
      let loop = PreviewLoop(
        screen: HeadlessScreen(width: 100, height: 30), session: session, state: state,
        interval: 0)
      loop.start()
      guard loop.state.currentScreen?.name == screen else {
        throw BenchmarkError("\(name): the loop does not show \(screen)")
      }
      var processCPU: [Double] = []
      // Where the wall time goes: write → the watcher's wake-up (debounce, rebuild, session
      // reload), wake-up → the state shows it (the loop), and how many reloads one write took.
      var toWake: [Double] = []
      var toState: [Double] = []
      var wakes: [Double] = []
      let frames = try Harness.wall(runs: runs) {
        let startCPU = Self.processCPU()
        defer { processCPU.append(Double(Self.processCPU() - startCPU)) }
        edit += 1
        let expected = "edit \(edit)"
        let written = Harness.now()
        try text(edit).write(toFile: root + "/" + file, atomically: false, encoding: .utf8)
        var shown = false
        var count = 0
        for _ in 0..<100 where !shown {
          guard woke.wait(timeout: .now() + 10) == .success else { break }
          count += 1
          let awake = Harness.now()
          if count == 1 { toWake.append(Double(awake - written)) }
          for message in session.inbox.drain() { loop.dispatch(message) }
          loop.renderIfNeeded()
          shown = Self.shows(loop.state, key: key, expected)
          if shown { toState.append(Double(Harness.now() - awake)) }
        }
        wakes.append(Double(count))
        guard shown else { throw BenchmarkError("\(name): the edit never reached the \(label)") }
      }
      let breakdown =
        "write → watcher wake-up \(Self.milliseconds(toWake)), wake-up → state "
        + "\(Self.milliseconds(toState)), \(Harness.median(wakes)) wake-ups per edit (medians)"
      report.addNanoseconds(
        group,
        "\(name): edit → new frame, \(label) (watcher, 50 ms debounce, rebuild, engine, view)",
        id: id + ".edit-to-frame." + label.replacingOccurrences(of: " ", with: "-"),
        samples: frames, unit: .ms, clock: "wall",
        note: "until the state the frame is drawn from holds the edited text; " + breakdown)
      report.addNanoseconds(
        group, "\(name): edit → new frame, \(label), CPU of every thread", samples: processCPU,
        unit: .ms, reference: reference, clock: "process cpu",
        note: "the work behind the row above, without the waits (debounce, a busy machine)")
    }
  }

  /// The median of nanosecond samples in milliseconds, for a note.
  static func milliseconds(_ samples: [Double]) -> String {
    String(format: "%.1f ms", Harness.median(samples) / 1e6)
  }

  /// Whether the state the next frame is drawn from holds `expected` for `key`: the screen's
  /// resolved text, or the browser's entry.
  static func shows(_ state: PreviewState, key: String, _ expected: String) -> Bool {
    if state.mode == .messages {
      guard let index = state.browser.index, let position = index.position(of: key) else {
        return false
      }
      return index.entries[position].text?.contains(expected) == true
    }
    return state.content?.texts[key]?.text.contains(expected) == true
  }

  /// CPU time of the whole process (every thread), in nanoseconds.
  static func processCPU() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
  }

  struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}
