// messagevisor-benchmarks: release-mode benchmarks of the engine, the ICU module, the project
// toolchain, ReRune and the previewer, in a package of their own that depends on the repository by
// path (Benchmarks/Package.swift). Run through `Benchmarks/run [--quick]`, which builds the release
// binaries and runs this. The ICU4C reference (CICU4CReference) runs in this process.
//
//   messagevisor-benchmarks [--quick] [--root DIR] [--bin DIR] [--only GROUP]...
//                           [--idle-seconds S] [--thresholds DIR]
//   messagevisor-benchmarks --check-instructions FILE [--thresholds DIR]
//   messagevisor-benchmarks --budget-table [--thresholds DIR]
//   messagevisor-benchmarks generate-project --out DIR [--messages N] [--locales L] [--seed S]
//     (writes a project of the scale group by hand: Scale/GenerateProjectCommand.swift)
//
// Profiling probes of single loops (EngineProbe.swift): --dictionary-only, --translate-only,
// --override-only, --module-only, --icu-one-only, --icu-plural-only, --icu-currency-only,
// --third-override-only, --spawn-only, --merge-only, --loop-parse-only [iterations];
// --profile <case> runs one ICU case for 5 s.
//
// Prints one Markdown table on stdout (progress on stderr). Budgets are data
// (Benchmarks/Thresholds/*.json, see Thresholds.swift). Exits 1 when a benchmark cannot run
// correctly (e.g. a message formats wrongly), when a deterministic threshold (allocations per
// call) is exceeded, when a timing threshold is missed in a full run (not with --quick), or when a
// threshold names no row.
import Foundation

if CommandLine.arguments.dropFirst().first == "generate-project" {
  exit(GenerateProjectCommand.run(Array(CommandLine.arguments.dropFirst(2))))
}
if let probe = EngineProbe.wanted(CommandLine.arguments) {
  exit(EngineProbe.run(probe, CommandLine.arguments))
}
if CommandLine.arguments.contains("--tty-child") {
  exit(TTYChild.run(Array(CommandLine.arguments.dropFirst())))
}

let settings: Settings
do {
  settings = try Settings.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("messagevisor-benchmarks: \(error)\n".utf8))
  exit(64)
}

let thresholds: Thresholds
do {
  thresholds = try Thresholds.load(settings.thresholds)
} catch {
  FileHandle.standardError.write(Data("messagevisor-benchmarks: \(error)\n".utf8))
  exit(65)
}
if settings.budgetTable {
  print(thresholds.budgetTable())
  exit(0)
}
if let counts = settings.instructionCounts {
  exit(InstructionCheck.run(counts, thresholds))
}

// Children (messagevisor-preview finds Demo/ from its working directory) run in the package root.
guard FileManager.default.changeCurrentDirectoryPath(settings.root.path) else {
  FileHandle.standardError.write(
    Data("messagevisor-benchmarks: cannot enter \(settings.root.path)\n".utf8))
  exit(66)
}
let report = Report(quick: settings.quick, thresholds: thresholds)
var failures: [String] = []
var failedGroups: Set<String> = []

@MainActor func section(_ group: String, _ body: () async throws -> Void) async {
  guard settings.wants(group) else { return }
  FileHandle.standardError.write(Data("[\(group)]\n".utf8))
  do {
    try await body()
  } catch {
    failures.append("\(group): \(error)")
    failedGroups.insert(group)
    FileHandle.standardError.write(Data("  ! \(group) failed: \(error)\n".utf8))
  }
}

await section(EngineBenchmarks.group) { try EngineBenchmarks.run(settings, report) }
await section(ProjectBenchmarks.group) { try ProjectBenchmarks.run(settings, report) }
await section(LintBenchmarks.group) { try LintBenchmarks.run(settings, report) }
await section(YAMLBenchmarks.group) { try YAMLBenchmarks.run(settings, report) }
await section(OTABenchmarks.group) { try await OTABenchmarks.run(settings, report) }
await section(CatalogBenchmarks.group) { try await CatalogBenchmarks.run(settings, report) }
await section(PreviewBenchmarks.group) { try PreviewBenchmarks.run(settings, report) }
await section(LiveEditBenchmarks.group) { try LiveEditBenchmarks.run(settings, report) }
await section(BrowserBenchmarks.group) { try BrowserBenchmarks.run(settings, report) }
await section(ScaleBenchmarks.group) { try ScaleBenchmarks.run(settings, report) }
await section(InteractiveScaleBenchmarks.group) {
  try InteractiveScaleBenchmarks.run(settings, report)
}

print(report.table())
if benchmarkSink == 42 { print("") }
let misses = report.misses
let failing = report.failingMisses
print("")
print(
  "\(report.rows.count) rows, \(report.rows.filter { $0.met == true }.count) budgets met, "
    + "\(misses.count) missed\(settings.quick ? " (quick mode: small N; timing budgets are shown, only the deterministic ones fail the run)" : "")"
)
for miss in misses {
  let kind = miss.deterministicMet == false ? "allocations" : "timing"
  let fails = failing.contains { $0.group == miss.group && $0.name == miss.name }
  print("MISS (\(kind)\(fails ? "" : ", not judged in quick mode")): \(miss.group) / \(miss.name)")
}
// Groups that ran to the end: each threshold of theirs must have been asked for by a row.
let ranGroups = Set(report.rows.map(\.group)).subtracting(failedGroups)
for unused in report.unusedThresholds(in: ranGroups) {
  failures.append("threshold \(unused) names no row of this run (renamed or misspelt id?)")
}
for error in report.thresholdErrors { failures.append("threshold: " + error) }
for failure in failures { print("FAILED: \(failure)") }
exit(failures.isEmpty && failing.isEmpty ? 0 : 1)
