import Foundation
import MessagevisorProject
import TestSupport

/// `lint` (issue 30) against a plain build of the same project: project-1 (≤ 100 ms) and a
/// generated project of 10,000 messages × 6 locales (≤ 1 s); each at most 2× its build (load +
/// every target × locale), measured in the same run.
enum LintBenchmarks {
  static let group = "lint"

  static func run(_ settings: Settings, _ report: Report) throws {
    let runs = settings.repetitions(9)
    if let fixtures = settings.fixtures {
      let path = fixtures.appendingPathComponent("messagevisor-project-1").path
      try measure(
        report, name: "project-1", id: "project-1", path: path, runs: runs, unit: .ms)
    } else {
      report.skip(
        group, "lint project-1", id: "project-1", unit: .ms,
        note: "../shared/fixtures is absent (project-1 lives there)")
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mv-lint-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try ScaleProject(messages: 10_000, locales: 6, seed: ScaleBenchmarks.seed)
      .write(to: directory.path)
    try measure(
      report, name: "10,000 messages × 6 locales", id: "generated-10k", path: directory.path,
      runs: settings.quick ? 1 : 3, unit: .ms)
  }

  static func measure(
    _ report: Report, name: String, id: String, path: String, runs: Int, unit: Unit
  ) throws {
    let build = try Harness.loop(runs: runs) {
      let project = try ProjectLoader().load(path: path)
      let builder = DatafileBuilder(
        project: project, evaluatePredicate: EngineBridge.evaluatePredicate)
      for key in project.targets.keys.sorted() {
        let target = try builder.target(key)
        for locale in builder.locales(of: target) {
          _ = try builder.build(target: key, locale: locale, revision: "1")
        }
      }
    }
    let buildName = "build \(name) (load + every target × locale)"
    report.addNanoseconds(group, buildName, samples: build, unit: unit)
    var findings = 0
    let lint = Harness.loop(runs: runs) {
      findings = ProjectLinter().lint(path: path).findings.count
    }
    report.addNanoseconds(
      group, "lint \(name)", id: id, samples: lint, unit: unit,
      reference: (buildName, unit.fromNanoseconds(Harness.median(build))),
      note: "\(findings) findings")
  }
}
