import Foundation
import Messagevisor

/// `messagevisor-swift examples`.
enum ExamplesCommand {
  static let flags: [CommandArguments.Flag] =
    MessagevisorCLI.projectFlags + [
      .init("target", .value, help: "Target whose datafile message examples use (default: swift)"),
      .init("locale", .value, help: "Only examples for this locale"),
      .init("json", .bool, help: "Print {locales: […], messages: […]} as JSON"),
      .init("pretty", .bool, help: "Pretty-print JSON"),
      .init("normalizeSpaces", .bool, help: "Compare with U+0020 = U+00A0 = U+202F"),
      .init("runtime", .value, help: "expectedByRuntime keys to check against (default: linux)"),
    ]

  static let helpText = MessagevisorCLI.help(
    command: "examples", summary: "evaluate the examples declared in messages and locales",
    flags: flags,
    examples: [
      "messagevisor-swift examples --projectDirectoryPath=path/to/project --withIcuModule --normalizeSpaces",
      "messagevisor-swift examples --projectDirectoryPath=path/to/project --locale=nl-NL --json --pretty",
    ],
    notes: """
      Examples carry no Node reference output (upstream computes it at run time), so each example is
      evaluated and printed; when it has expectedByRuntime.<runtime>, that value is checked.
      """)

  static func run(_ arguments: [String], output: CLIOutput) -> Int32 {
    var exitCode: Int32 = 0
    guard
      let parsed = MessagevisorCLI.parse(
        arguments, flags: flags, helpText: helpText, output: output, exitCode: &exitCode)
    else { return exitCode }
    do {
      let project = try MessagevisorCLI.withDefaultTarget(
        MessagevisorCLI.loadProject(parsed, output: output), parsed, output: output)
      var options = TestRunOptions()
      options.target = parsed["target"] ?? "swift"
      options.normalizeSpaces = parsed.flag("normalizeSpaces")
      if let runtime = parsed["runtime"] {
        options.runtimeKeys = runtime.split(separator: ",").map(String.init)
      }
      let runner = TestRunner(project: project, options: options)
      let onlyLocale = parsed["locale"]
      var localeResults: [MessagevisorValue] = []
      var messageResults: [MessagevisorValue] = []
      var mismatches = 0
      func record(
        _ kind: ProjectTestSpec.Kind, subject: String, file: String, example: YAMLNode,
        into list: inout [MessagevisorValue]
      ) {
        for item in MatrixExpansion.expand(example) {
          let node = item.node
          guard let locale = node["locale"]?.string ?? (kind == .locale ? subject : nil) else {
            continue
          }
          if let onlyLocale, onlyLocale != locale { continue }
          var entries = node.entries ?? []
          if entries.first(where: { $0.key == "locale" }) == nil {
            entries.append(
              YAMLEntry(key: "locale", value: YAMLNode(kind: .scalar(.string(locale)))))
          }
          let hasRuntimeExpectation =
            options.runtimeKeys.contains { node["expectedByRuntime"]?[$0] != nil }
          if !hasRuntimeExpectation { entries.removeAll { $0.key == "expectedTranslation" } }
          let spec = ProjectTestSpec(
            kind: kind, subject: subject, key: subject, assertions: [], file: file)
          var result = runner.runAssertion(spec, YAMLNode(kind: .mapping(entries), line: node.line))
          if !hasRuntimeExpectation {
            result.problems.removeAll { $0 == "missing expectedTranslation" }
          }
          var object = node.value.objectValue ?? [:]
          object["locale"] = .string(locale)
          object["evaluatedTranslation"] = result.actual.map { .string($0) } ?? .null
          if kind == .message { object["message"] = .string(subject) }
          if !result.problems.isEmpty {
            object["problems"] = .array(result.problems.map { .string($0) })
            mismatches += 1
          }
          list.append(.object(object))
          if !parsed.flag("json") {
            let label = node["description"]?.string ?? (node["rawMessage"]?.string ?? subject)
            output.line(
              "\(result.problems.isEmpty ? "✓" : "✗") \(locale) \(subject): \(label)\n    → \(result.actual.map(JSONText.quote) ?? "(none)")"
            )
            for problem in result.problems { output.line("    \(problem)") }
          }
        }
      }
      for key in project.locales.keys.sorted() {
        guard let locale = project.locales[key] else { continue }
        for example in locale.examples {
          record(.locale, subject: key, file: locale.file, example: example, into: &localeResults)
        }
      }
      for key in project.messages.keys.sorted() {
        guard let message = project.messages[key], !message.archived else { continue }
        for example in message.examples {
          record(
            .message, subject: key, file: message.file, example: example, into: &messageResults)
        }
      }
      if parsed.flag("json") {
        output.json(
          JSONText.encode(
            ["locales": .array(localeResults), "messages": .array(messageResults)],
            pretty: parsed.flag("pretty")))
      } else {
        output.line()
        output.line(
          "Examples: \(localeResults.count + messageResults.count - mismatches) evaluated cleanly, \(mismatches) with problems"
        )
      }
      return mismatches == 0 ? 0 : 1
    } catch {
      output.error("error: \(error.description)")
      return 1
    }
  }
}
