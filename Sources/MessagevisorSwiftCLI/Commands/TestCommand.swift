import CommandLineKit
import Foundation
import Messagevisor
import MessagevisorProject
import TerminalSafety

/// `messagevisor-swift test`.
enum TestCommand {
  /// Runs the test specs of one set (or of a project without sets), loaded as `loading` says;
  /// returns the exit status (0 all passed, 1 otherwise).
  static func run(
    _ command: TestCommandLine, project loading: ProjectCommandOptions, output: CLIOutput
  ) -> Int32 {
    let started = Date()
    let summary: TestRunSummary
    do {
      let (project, defaults) = try loading.loadForAssertions(output: output)
      var options = defaults
      options.normalizeSpaces = command.normalizeSpaces
      options.keyPattern = command.keyPattern
      options.assertionPattern = command.assertionPattern
      if let runtime = command.runtime { options.runtimeKeys = commaSeparated(runtime) }
      if let zone = command.timeZone { options.defaultTimeZone = zone }
      guard project.targets[options.target] != nil else {
        throw ProjectError(
          file: "--target",
          message:
            "unknown target \"\(options.target)\" (known: \(project.targets.keys.sorted().joined(separator: ", ")))"
            + Suggestion.didYouMean(options.target, in: Array(project.targets.keys))
        )
      }
      let runner = TestRunner(project: project, options: options)
      summary = try runner.run { done, total in
        if !command.json { output.progress("test: specs", done: done, total: total) }
      }
      output.finishProgress()
    } catch {
      output.finishProgress()
      output.error("error: \(error)")
      return 1
    }
    let elapsed = Date().timeIntervalSince(started)
    let onlyFailures = command.onlyFailures
    if command.json {
      var object = json(summary, onlyFailures: onlyFailures).objectValue ?? [:]
      if let set = loading.set { object["set"] = .string(set) }
      // Spaces other than U+0020 escaped: an expected and an actual text that differ only there
      // look different in the JSON text too (the values are the same).
      output.json(
        SafeText.escapingJSONShowingSpaces(
          JSONText.encode(.object(object), pretty: command.pretty)))
    } else {
      for spec in summary.specs where !(onlyFailures && spec.passed) {
        output.line("\(spec.passed ? "✓" : "✗") \(spec.file)")
        for assertion in spec.assertions where !(onlyFailures && assertion.passed) {
          output.line("    \(assertion.passed ? "✓" : "✗") \(assertion.description)")
          if !assertion.passed || command.verbose {
            if let expected = assertion.expected {
              output.line("        expected: \(SafeText.quotedShowingSpaces(expected))")
            }
            if let actual = assertion.actual {
              output.line("        actual:   \(SafeText.quotedShowingSpaces(actual))")
            }
            for problem in assertion.problems { output.line("        \(problem)") }
          }
        }
      }
      output.line()
      output.line("Test specs: \(summary.specsPassed) passed, \(summary.specsFailed) failed")
      output.line(
        "Assertions: \(summary.assertionsPassed) passed, \(summary.assertionsFailed) failed")
      output.line(String(format: "Time: %.2f s", elapsed))
    }
    return summary.assertionsFailed == 0 ? 0 : 1
  }

  static func json(_ summary: TestRunSummary, onlyFailures: Bool) -> MessagevisorValue {
    let specs: [MessagevisorValue] = summary.specs.compactMap { spec in
      if onlyFailures && spec.passed { return nil }
      let assertions = spec.assertions.filter { !(onlyFailures && $0.passed) }.map(\.json)
      return [
        "file": .string(spec.file), "kind": .string(spec.kind.rawValue),
        "subject": .string(spec.subject), "passed": .bool(spec.passed),
        "assertions": .array(assertions),
      ]
    }
    return [
      "specs": .array(specs),
      "summary": [
        "specsPassed": .int(summary.specsPassed), "specsFailed": .int(summary.specsFailed),
        "assertionsPassed": .int(summary.assertionsPassed),
        "assertionsFailed": .int(summary.assertionsFailed),
      ],
    ]
  }
}
