import CommandLineKit
import Foundation
import MessagevisorProject

/// `messagevisor-swift readiness`: the release gate (see `ReadinessReport`), over every set of a
/// project that uses sets unless `--set` names one.
enum ReadinessCommand {
  /// Runs the gate; returns the exit status: 0 every gate passed, 1 a gate failed or the project
  /// has an error, 2 an unknown `--target` or `--locale`.
  static func run(_ command: ReadinessCommandLine, output: CLIOutput) -> Int32 {
    // One verdict over every visited set: the gates count the rows of all of them.
    let loading = command.project.commandOptions(target: command.target)
    var entries: [ReadinessEntry] = []
    for set in loading.setsToVisit() {
      var projectOptions = loading
      projectOptions.set = set
      let project: Project
      do {
        project = try projectOptions.loadProject(output: output)
      } catch {
        output.error("error: \(error)")
        return 1
      }
      let inSet = set.map { " of set \($0)" } ?? ""
      var target: ProjectTarget?
      if let name = command.target {
        guard let found = project.targets[name] else {
          let known = project.targets.keys.sorted()
          output.error(
            "error: --target \(name): not a target\(inSet)"
              + Suggestion.didYouMean(name, in: known)
              + "; known: \(known.joined(separator: ", "))")
          return 2
        }
        target = found
      }
      let known = project.locales.keys.sorted()
      for locale in command.locales where project.locales[locale] == nil {
        output.error(
          "error: --locale \(locale): not a locale of the project\(inSet)"
            + Suggestion.didYouMean(locale, in: known)
            + "; known: \(known.joined(separator: ", "))")
        return 2
      }
      do {
        entries += try project.readiness(
          target: target, locales: command.locales.isEmpty ? nil : command.locales)
      } catch {
        output.error("error: \(error)")
        return 1
      }
    }
    var gates = ReadinessGates()
    gates.requireReviewed = command.requireReviewed
    gates.requireDirect = command.requireDirect
    gates.maxMissing = command.maxMissing
    gates.maxStale = command.maxStale
    let all = ReadinessReport(entries: entries, gates: gates)
    if command.json {
      output.json(all.json(pretty: command.pretty))
    } else {
      output.line(all.text(verbose: command.verbose))
    }
    return all.passed ? 0 : 1
  }
}
