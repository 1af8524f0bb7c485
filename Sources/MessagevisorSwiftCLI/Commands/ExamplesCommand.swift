import Foundation
import Messagevisor
import MessagevisorProject
import TerminalSafety

/// `messagevisor-swift examples`.
enum ExamplesCommand {
  /// Evaluates the examples of messages and locales of one set (or of a project without sets),
  /// loaded as `loading` says; returns 0 when all evaluate cleanly, else 1.
  static func run(
    _ command: ExamplesCommandLine, project loading: ProjectCommandOptions, output: CLIOutput
  ) -> Int32 {
    do {
      let (project, defaults) = try loading.loadForAssertions(output: output)
      var options = defaults
      options.normalizeSpaces = command.normalizeSpaces
      if let runtime = command.runtime { options.runtimeKeys = commaSeparated(runtime) }
      let runner = TestRunner(project: project, options: options)
      let onlyLocale = command.locale
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
          if !command.json {
            let label = node["description"]?.string ?? (node["rawMessage"]?.string ?? subject)
            output.line(
              "\(result.problems.isEmpty ? "✓" : "✗") \(locale) \(subject): \(label)\n    → \(result.actual.map(SafeText.quotedShowingSpaces) ?? "(none)")"
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
      if command.json {
        var object: [String: MessagevisorValue] = [
          "locales": .array(localeResults), "messages": .array(messageResults),
        ]
        if let set = loading.set { object["set"] = .string(set) }
        output.json(
          SafeText.escapingJSONShowingSpaces(
            JSONText.encode(.object(object), pretty: command.pretty)))
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
