import Foundation
import Messagevisor
import Preview
import TerminalUI

/// The message browser on a generated project of 10,000 messages in 6 locales: resolving every
/// message (after a locale, context or datafile change) and the work of one key press (search
/// typing, filter, selection: update + frame), against a naive search measured in the same run.
enum BrowserBenchmarks {
  static let group = "browser"
  static let locales = ["en-US", "nl-NL", "de-DE", "fr-FR", "ja-JP", "ar"]
  static let messageCount = 10_000

  static func run(_ settings: Settings, _ report: Report) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mv-bench-browser-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try generateProject(at: directory)
    var options = PreviewOptions()
    options.project = directory.path
    options.target = "app"
    options.locale = "nl-NL"
    options.currency = "EUR"
    options.timeZone = "UTC"
    options.interval = 0
    let prepared = try PreviewLauncher.prepare(
      options: options, paths: DemoPaths(project: directory.path, resources: nil, otaSite: nil),
      modules: PreviewLauncher.defaultModules())
    let configuration = prepared.configuration
    let session = PreviewSession(configuration, inbox: PreviewInbox())
    defer { session.stop() }
    let screen = HeadlessScreen(width: 160, height: 50, maximumRecordedFrames: 2)
    let loop = PreviewLoop(
      screen: screen, session: session, state: PreviewState(width: 160, height: 50), interval: 0)
    loop.start()
    loop.dispatch(.key(.character("m")))
    loop.renderIfNeeded()
    guard let index = loop.state.browser.index, index.entries.count == messageCount else {
      throw BenchmarkFailure(
        text: "the browser lists \(loop.state.browser.index?.entries.count ?? 0) messages, "
          + "expected \(messageCount)")
    }

    // The index is built in slices on every core: wall time (what the user waits for), with the
    // CPU time of the whole process in the note.
    for compare in [false, true] {
      var cpu: [Double] = []
      let build = Harness.wall(runs: settings.repetitions(9)) {
        let start = LiveEditBenchmarks.processCPU()
        benchmarkSink &+=
          session.buildMessages(
            snapshot: session.engine.getSnapshot(), compare: compare,
            compareLocale: compare ? "en-US" : nil
          ).entries.count
        cpu.append(Double(LiveEditBenchmarks.processCPU() - start))
      }
      report.addNanoseconds(
        group,
        compare
          ? "resolve 10,000 messages with a compare locale"
          : "resolve 10,000 messages in 6 locales (index build: traces, flags, notes)",
        samples: build, unit: .ms, clock: "wall",
        note: "after a locale/context/datafile change, not per key press; process CPU "
          + LiveEditBenchmarks.milliseconds(cpu) + " (search text made in the background)")
    }

    // The reference: what a key press would cost without the pre-lowercased index — every
    // entry's key and text lowercased and searched with String.contains.
    let query = "message 12"
    let entries = index.entries
    let naive = Harness.loop(runs: settings.repetitions(9)) {
      let needle = query.prefix(5).lowercased()
      benchmarkSink &+=
        entries.filter {
          $0.key.lowercased().contains(needle) || ($0.text ?? "").lowercased().contains(needle)
        }.count
    }
    let reference = (name: "naive lowercased().contains", median: Harness.median(naive) / 1e6)
    report.addNanoseconds(
      group, "reference: naive search of 10,000 messages (lowercase + contains per key)",
      samples: naive, unit: .ms)

    // Typing: `/`, the query letter by letter, Enter, then Esc to clear (each a key press with
    // its frame).
    var typing: [Double] = []
    for _ in 0..<settings.repetitions(5) {
      let keys: [Key] = [.character("/")] + query.map { .character($0) } + [.enter]
      for key in keys {
        typing +=
          PreviewHarness.timed(runs: 1) {
            loop.dispatch(.key(key))
            loop.renderIfNeeded()
          }.cpu
      }
      loop.dispatch(.key(.character("/")))
      loop.dispatch(.key(.escape))
      loop.renderIfNeeded()
    }
    guard loop.state.browser.visible.count == messageCount else {
      throw BenchmarkFailure(text: "Esc did not clear the search")
    }
    report.addNanoseconds(
      group, "key press while searching (update + refilter + frame, 160x50)", id: "search-key",
      samples: typing, unit: .ms, reference: reference, clock: "cpu")

    var filtering: [Double] = []
    for _ in 0..<settings.repetitions(5) {
      for _ in MessageFilter.allCases {
        filtering +=
          PreviewHarness.timed(runs: 1) {
            loop.dispatch(.key(.character("f")))
            loop.renderIfNeeded()
          }.cpu
      }
    }
    report.addNanoseconds(
      group, "key press f (next filter + frame)", id: "filter-key", samples: filtering,
      unit: .ms, reference: reference, clock: "cpu")

    let moving = PreviewHarness.timed(runs: settings.repetitions(50)) {
      loop.dispatch(.key(.pageDown))
      loop.dispatch(.key(.character("j")))
      loop.renderIfNeeded()
    }.cpu.map { $0 / 2 }
    report.addNanoseconds(
      group, "key press j / PgDn (selection, detail + frame)", id: "move-key", samples: moving,
      unit: .ms, reference: reference, clock: "cpu")
  }

  /// Writes a project with `messageCount` messages in `locales`: every 10th with an override on
  /// a segment, every 20th an ICU plural, every 50th deprecated, every 25th missing in ja-JP.
  static func generateProject(at root: URL) throws {
    let manager = FileManager.default
    for folder in ["locales", "attributes", "segments", "targets", "messages"] {
      try manager.createDirectory(
        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    func write(_ path: String, _ text: String) throws {
      let url = root.appendingPathComponent(path)
      try manager.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    try write("messagevisor.config.yml", "sourceLocale: en-US\nparser: yml\nmodules:\n  - icu\n")
    for locale in locales {
      try write("locales/\(locale).yml", "description: \(locale)\n")
    }
    try write(
      "attributes/plan.yml", "description: plan\ntype: string\nenum:\n  - free\n  - pro\n")
    try write(
      "segments/plan-pro.yml",
      "description: pro\nconditions:\n  - attribute: plan\n    operator: equals\n    value: pro\n")
    try write("targets/app.yml", "description: app\nincludeMessages: \"*\"\n")
    let words = ["Welcome", "message", "settings", "account", "payment", "story", "update"]
    for n in 0..<messageCount {
      var text = "description: message \(n)\n"
      if n % 50 == 0 { text += "deprecated: true\ndeprecationWarning: use another\n" }
      text += "translations:\n"
      for (i, locale) in locales.enumerated() {
        if locale == "ja-JP" && n % 25 == 0 { continue }
        let word = words[(n + i) % words.count]
        let body =
          n % 20 == 0
          ? "{count, plural, one {# \(word) \(n)} other {# \(word)s \(n)}}"
          : "\(word) \(locale) message \(n)"
        text += "  \(locale): \"\(body)\"\n"
      }
      if n % 10 == 0 {
        text += "overrides:\n  - key: pro\n    segments: plan-pro\n    translations:\n"
        for locale in locales { text += "      \(locale): \"Pro \(locale) \(n)\"\n" }
      }
      try write(String(format: "messages/group%02d/message%05d.yml", n / 500, n), text)
    }
  }
}
