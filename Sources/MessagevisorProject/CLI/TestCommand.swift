import Foundation
import Messagevisor

/// `messagevisor-swift test`.
enum TestCommand {
  static let flags: [CommandArguments.Flag] =
    MessagevisorCLI.projectFlags + [
      .init("target", .value, help: "Target for message assertions without one (default: swift)"),
      .init("normalizeSpaces", .bool, help: "Treat U+0020, U+00A0 and U+202F as equal"),
      .init("onlyFailures", .bool, help: "Print only failing specs and assertions"),
      .init("keyPattern", .value, help: "Regex on the spec's message/segment/target/locale key"),
      .init("assertionPattern", .value, help: "Regex on assertion descriptions"),
      .init("json", .bool, help: "Print results as JSON"),
      .init("pretty", .bool, help: "Pretty-print JSON output"),
      .init(
        "runtime", .value,
        help: "expectedByRuntime keys to prefer, comma-separated (default: linux)"),
      .init("timeZone", .value, help: "Default time zone of evaluations (default: UTC)"),
      .init("verbose", .bool, help: "Also print expected/actual of passing assertions"),
    ]

  static let helpText = MessagevisorCLI.help(
    command: "test", summary: "run a project's test specs through the Swift engine",
    flags: flags,
    examples: [
      "messagevisor-swift test --projectDirectoryPath=path/to/project --withIcuModule --normalizeSpaces",
      "messagevisor-swift test --projectDirectoryPath=path/to/project --keyPattern='^auth' --onlyFailures",
      "messagevisor-swift test --projectDirectoryPath=path/to/project --json --pretty",
    ],
    notes: """
      RUNTIME POLICY
        Each assertion expects expectedByRuntime.<key> for the first --runtime key present, else
        expectedTranslation (Node 24 Intl). The default key is `linux`: Foundation on Linux uses
        ICU 76 / CLDR 46, which matches Node's output more often than Apple's `swift` key does
        (project-1 with ICU: 1,041 vs 990 of 1,084 assertions pass), so `swift` is not consulted
        unless you pass --runtime=linux,swift.
      OUTPUT
        Ends with `Test specs: N passed, M failed` and `Assertions: N passed, M failed`;
        exits 1 when anything failed.
      """)

  static func run(_ arguments: [String], output: CLIOutput) -> Int32 {
    var exitCode: Int32 = 0
    guard
      let parsed = MessagevisorCLI.parse(
        arguments, flags: flags, helpText: helpText, output: output, exitCode: &exitCode)
    else { return exitCode }
    let started = Date()
    let summary: TestRunSummary
    do {
      let project = try MessagevisorCLI.withDefaultTarget(
        MessagevisorCLI.loadProject(parsed, output: output), parsed, output: output)
      var options = TestRunOptions()
      options.target = parsed["target"] ?? "swift"
      options.normalizeSpaces = parsed.flag("normalizeSpaces")
      options.keyPattern = parsed["keyPattern"]
      options.assertionPattern = parsed["assertionPattern"]
      if let runtime = parsed["runtime"] {
        options.runtimeKeys = runtime.split(separator: ",").map {
          String($0).trimmingWhitespace()
        }.filter { !$0.isEmpty }
      }
      if let zone = parsed["timeZone"] { options.defaultTimeZone = zone }
      guard project.targets[options.target] != nil else {
        throw ProjectError(
          file: "--target",
          message:
            "unknown target \"\(options.target)\" (known: \(project.targets.keys.sorted().joined(separator: ", ")))"
        )
      }
      let runner = TestRunner(project: project, options: options)
      summary = try runner.run()
    } catch {
      output.error("error: \(error)")
      return 1
    }
    let elapsed = Date().timeIntervalSince(started)
    let onlyFailures = parsed.flag("onlyFailures")
    if parsed.flag("json") {
      output.json(
        JSONText.encode(json(summary, onlyFailures: onlyFailures), pretty: parsed.flag("pretty")))
    } else {
      for spec in summary.specs where !(onlyFailures && spec.passed) {
        output.line("\(spec.passed ? "✓" : "✗") \(spec.file)")
        for assertion in spec.assertions where !(onlyFailures && assertion.passed) {
          output.line("    \(assertion.passed ? "✓" : "✗") \(assertion.description)")
          if !assertion.passed || parsed.flag("verbose") {
            if let expected = assertion.expected {
              output.line("        expected: \(JSONText.quote(expected))")
            }
            if let actual = assertion.actual {
              output.line("        actual:   \(JSONText.quote(actual))")
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
