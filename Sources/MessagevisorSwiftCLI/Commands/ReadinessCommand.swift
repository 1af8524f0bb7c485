import Foundation
import MessagevisorProject

/// `messagevisor-swift readiness`: the release gate (see `ReadinessReport`), over every set of a
/// project that uses sets unless `--set` names one.
public enum ReadinessCommand {
  /// The options of a readiness run.
  public struct Options: Sendable {
    /// How the project is loaded (`--target`: only its messages and locales).
    public var project = ProjectCommandOptions()
    /// `--locale` (repeatable): only these locales (empty: every locale).
    public var locales: [String] = []
    /// The gates.
    public var gates = ReadinessGates()
    /// Print JSON instead of text.
    public var json = false
    /// Pretty-print JSON.
    public var pretty = false
    /// Text output also lists rows with issues no gate failed on.
    public var verbose = false
    /// The closest of the candidates to a misspelt name, for "did you mean" (the CLI passes its
    /// suggester; the default suggests nothing).
    public var suggest: @Sendable (String, [String]) -> String? = { _, _ in nil }

    /// Creates options with every default.
    public init() {}
  }

  /// Runs the gate; returns the exit status: 0 every gate passed, 1 a gate failed or the project
  /// has an error, 2 an unknown `--target` or `--locale`.
  public static func run(_ options: Options, output: CLIOutput) -> Int32 {
    // One verdict over every visited set: the gates count the rows of all of them.
    var entries: [ReadinessEntry] = []
    for set in options.project.setsToVisit() {
      var projectOptions = options.project
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
      if let name = options.project.target {
        guard let found = project.targets[name] else {
          let known = project.targets.keys.sorted()
          output.error(
            "error: --target \(name): not a target\(inSet)"
              + (options.suggest(name, known).map { " (did you mean \($0)?)" } ?? "")
              + "; known: \(known.joined(separator: ", "))")
          return 2
        }
        target = found
      }
      let known = project.locales.keys.sorted()
      for locale in options.locales where project.locales[locale] == nil {
        output.error(
          "error: --locale \(locale): not a locale of the project\(inSet)"
            + (options.suggest(locale, known).map { " (did you mean \($0)?)" } ?? "")
            + "; known: \(known.joined(separator: ", "))")
        return 2
      }
      do {
        entries += try project.readiness(
          target: target, locales: options.locales.isEmpty ? nil : options.locales)
      } catch {
        output.error("error: \(error)")
        return 1
      }
    }
    let all = ReadinessReport(entries: entries, gates: options.gates)
    if options.json {
      output.json(all.json(pretty: options.pretty))
    } else {
      output.line(all.text(verbose: options.verbose))
    }
    return all.passed ? 0 : 1
  }
}
