import Foundation
import MessagevisorProject

/// The project toolchain on upstream's project-1: load, build every target × locale, run the
/// whole test suite (in-process and through the release CLI).
enum ProjectBenchmarks {
  static let group = "project"

  static func run(_ settings: Settings, _ report: Report) throws {
    guard let fixtures = settings.fixtures else {
      let note = "../shared/fixtures is absent (project-1 lives there)"
      report.skip(group, "load project-1", unit: .ms, note: note)
      report.skip(group, "load + build all targets × locales", unit: .ms, note: note)
      report.skip(group, "test suite, in-process", unit: .ms, note: note)
      report.skip(group, "test suite, CLI", id: "cli-test-suite", unit: .s, note: note)
      return
    }
    let path = fixtures.appendingPathComponent("messagevisor-project-1").path
    let loader = ProjectLoader()
    let runs = settings.repetitions(9)

    report.addNanoseconds(
      group, "load project-1",
      samples: try Harness.loop(runs: runs) { _ = try loader.load(path: path) }, unit: .ms)

    var datafiles = 0
    var pairs = ""
    let build = try Harness.loop(runs: runs) {
      let project = try loader.load(path: path)
      let builder = DatafileBuilder(
        project: project, evaluatePredicate: EngineBridge.evaluatePredicate)
      var count = 0
      var targets = 0
      for key in project.targets.keys.sorted() {
        targets += 1
        let target = try builder.target(key)
        for locale in builder.locales(of: target) {
          _ = try builder.build(target: key, locale: locale, revision: "1")
          count += 1
        }
      }
      datafiles = count
      pairs = "\(targets) targets"
    }
    report.addNanoseconds(
      group, "load + build all targets × locales", samples: build, unit: .ms,
      note: "\(datafiles) datafiles (\(pairs))")

    // In-process test run, as the CLI configures it (ICU on, --normalizeSpaces).
    var summaryNote = ""
    let suiteRuns = settings.quick ? 1 : 5
    let inProcess = try Harness.loop(runs: suiteRuns) {
      let project = try loader.load(path: path)
      var options = TestRunOptions()
      options.normalizeSpaces = true
      options.withICUModule = true
      let summary = try TestRunner(project: project, options: options).run()
      summaryNote =
        "\(summary.specs.count) specs, \(summary.assertionsPassed) assertions passed, "
        + "\(summary.assertionsFailed) failed"
    }
    report.addNanoseconds(
      group, "test suite, in-process (load + run)", samples: inProcess, unit: .ms,
      note: summaryNote)

    let cli = settings.binaries.appendingPathComponent("messagevisor-swift")
    guard FileManager.default.isExecutableFile(atPath: cli.path) else {
      report.skip(
        group, "test suite, CLI", id: "cli-test-suite", unit: .s,
        note: "\(cli.path) not built")
      return
    }
    let arguments = [
      "test", "--projectDirectoryPath=\(path)", "--withIcuModule", "--normalizeSpaces",
      "--onlyFailures",
    ]
    var exitNote = ""
    let wall = try Harness.wall(runs: suiteRuns) {
      let result = try Processes.run(cli, arguments, timeout: 120)
      exitNote = "exit \(result.status)"
      if let line = result.output.split(separator: "\n").last(where: {
        $0.hasPrefix("Assertions:")
      }) {
        exitNote += "; " + line
      }
    }
    report.addNanoseconds(
      group, "test suite, CLI `messagevisor-swift test` (ICU, --normalizeSpaces)",
      id: "cli-test-suite", samples: wall, unit: .s, clock: "wall",
      note: exitNote + (settings.quick ? "" : "; wall time incl. process start"))
  }
}
