import CommandLineKit
import Foundation
import Messagevisor
import MessagevisorProject
import TerminalSafety

/// `messagevisor-swift test`.
public enum TestCommand {
  /// The options of a test run.
  public struct Options: Sendable, Equatable {
    /// How the project is loaded (and `--target`: the target of assertions without one).
    public var project = ProjectCommandOptions()
    /// Treat U+0020, U+00A0 and U+202F as equal.
    public var normalizeSpaces = false
    /// Print only failing specs and assertions.
    public var onlyFailures = false
    /// A regex on the spec's message/segment/target/locale key.
    public var keyPattern: String?
    /// A regex on assertion descriptions.
    public var assertionPattern: String?
    /// Print results as JSON.
    public var json = false
    /// Pretty-print JSON output.
    public var pretty = false
    /// `expectedByRuntime` keys to prefer (`nil`: the runner's default, `linux`).
    public var runtimeKeys: [String]?
    /// The default time zone of evaluations (`nil`: UTC).
    public var timeZone: String?
    /// Also print expected/actual of passing assertions.
    public var verbose = false

    /// Creates options with every default.
    public init() {}
  }

  /// Runs the project's test specs (of every set, in turn, when the project uses sets and no
  /// set is named); returns the exit status (0 all passed, 1 otherwise).
  public static func run(_ commandOptions: Options, output: CLIOutput) -> Int32 {
    commandOptions.project.runEverySet(output: output, headings: !commandOptions.json) { project in
      var options = commandOptions
      options.project = project
      return runSet(options, output: output)
    }
  }

  /// Runs the test specs of one set (or of a project without sets).
  static func runSet(_ commandOptions: Options, output: CLIOutput) -> Int32 {
    let started = Date()
    let summary: TestRunSummary
    do {
      let project = commandOptions.project.withDefaultTarget(
        try commandOptions.project.loadProject(output: output), output: output)
      var options = TestRunOptions()
      options.target = commandOptions.project.target ?? "swift"
      options.normalizeSpaces = commandOptions.normalizeSpaces
      options.keyPattern = commandOptions.keyPattern
      options.assertionPattern = commandOptions.assertionPattern
      if let runtimeKeys = commandOptions.runtimeKeys { options.runtimeKeys = runtimeKeys }
      if let zone = commandOptions.timeZone { options.defaultTimeZone = zone }
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
        if !commandOptions.json { output.progress("test: specs", done: done, total: total) }
      }
      output.finishProgress()
    } catch {
      output.finishProgress()
      output.error("error: \(error)")
      return 1
    }
    let elapsed = Date().timeIntervalSince(started)
    let onlyFailures = commandOptions.onlyFailures
    if commandOptions.json {
      var object = json(summary, onlyFailures: onlyFailures).objectValue ?? [:]
      if let set = commandOptions.project.set { object["set"] = .string(set) }
      // Spaces other than U+0020 escaped: an expected and an actual text that differ only there
      // look different in the JSON text too (the values are the same).
      output.json(
        SafeText.escapingJSONShowingSpaces(
          JSONText.encode(.object(object), pretty: commandOptions.pretty)))
    } else {
      for spec in summary.specs where !(onlyFailures && spec.passed) {
        output.line("\(spec.passed ? "✓" : "✗") \(spec.file)")
        for assertion in spec.assertions where !(onlyFailures && assertion.passed) {
          output.line("    \(assertion.passed ? "✓" : "✗") \(assertion.description)")
          if !assertion.passed || commandOptions.verbose {
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
