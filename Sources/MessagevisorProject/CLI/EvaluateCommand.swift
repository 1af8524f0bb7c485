import Foundation
import Messagevisor

/// `messagevisor-swift evaluate` and `benchmark`.
enum EvaluateCommand {
  static let flags: [CommandArguments.Flag] =
    MessagevisorCLI.projectFlags + [
      .init("target", .value, help: "Target whose datafile is used (default: swift)"),
      .init("locale", .value, help: "Locale (required)"),
      .init("message", .value, help: "Message key to translate"),
      .init("rawMessage", .value, help: "Raw ICU message to format instead of a key"),
      .init("values", .value, help: "Values as JSON or YAML, e.g. '{\"count\": 3}'"),
      .init("context", .value, help: "Context as JSON or YAML, e.g. '{\"platform\": \"ios\"}'"),
      .init("currency", .value, help: "Currency for this evaluation"),
      .init("timeZone", .value, help: "Time zone (default: UTC)"),
      .init("showDatafile", .bool, help: "Also print the datafile that was built"),
      .init("n", .value, short: "n", help: "benchmark: number of iterations (default 10000)"),
    ]

  static func helpText(benchmark: Bool) -> String {
    MessagevisorCLI.help(
      command: benchmark ? "benchmark" : "evaluate",
      summary: benchmark
        ? "time repeated translations of one message"
        : "translate one message for a target and locale",
      // -n (iterations) only means something to `benchmark`.
      flags: benchmark ? flags : flags.filter { $0.name != "n" },
      examples: benchmark
        ? [
          "messagevisor-swift benchmark --projectDirectoryPath=path/to/project --target=swift --locale=en-US --message=auth.signin -n 100000"
        ]
        : [
          "messagevisor-swift evaluate --projectDirectoryPath=path/to/project --target=swift --locale=en-US --message=auth.signin",
          "messagevisor-swift evaluate --projectDirectoryPath=path/to/project --locale=nl-NL --message=cart.itemCount --values='{\"count\": 3}'",
          "messagevisor-swift evaluate --projectDirectoryPath=path/to/project --locale=en-US --rawMessage='{n, number, money}' --values='{\"n\": 12}'",
        ])
  }

  static func run(_ arguments: [String], output: CLIOutput, benchmark: Bool = false) -> Int32 {
    var exitCode: Int32 = 0
    guard
      let parsed = MessagevisorCLI.parse(
        arguments, flags: flags, helpText: helpText(benchmark: benchmark), output: output,
        exitCode: &exitCode)
    else { return exitCode }
    do {
      let project = try MessagevisorCLI.withDefaultTarget(
        MessagevisorCLI.loadProject(parsed, output: output), parsed, output: output)
      guard let locale = parsed["locale"] else {
        throw ProjectError(file: "--locale", message: "pass --locale=<locale>, e.g. --locale=en-US")
      }
      guard project.locales[locale] != nil else {
        throw ProjectError(
          file: "--locale",
          message:
            "unknown locale \"\(locale)\" (known: \(project.locales.keys.sorted().joined(separator: ", ")))"
        )
      }
      guard parsed["message"] != nil || parsed["rawMessage"] != nil else {
        throw ProjectError(
          file: "--message", message: "pass --message=<key> or --rawMessage=<ICU text>")
      }
      let target = parsed["target"] ?? "swift"
      var options = TestRunOptions()
      options.target = target
      if let zone = parsed["timeZone"] { options.defaultTimeZone = zone }
      let runner = TestRunner(project: project, options: options)
      let values = try parseMapping(parsed["values"], flag: "values")
      let context = try parseMapping(parsed["context"], flag: "context")
      let built = try runner.datafile(target: target, locale: locale)
      if let key = parsed["message"],
        built.value.objectValue?["translations"]?.objectValue?[key] == nil
      {
        // Translating it would only echo the key back: say so and fail.
        throw ProjectError(
          file: "--message",
          message:
            "\(key) is not in the \(target)/\(locale) datafile (unknown, excluded by the target, or untranslated)"
        )
      }
      if parsed.flag("showDatafile") { output.json(JSONText.encode(built.value, pretty: true)) }
      let diagnostics = DiagnosticLog()
      let instance = createMessagevisor(
        MessagevisorOptions(
          datafile: built.content, locale: locale, timeZone: options.defaultTimeZone,
          context: context, onDiagnostic: diagnostics.record, logLevel: .warn,
          modules: runner.modules()))
      let normalized = MessagevisorValues(
        TestValues.normalize(.object(values)).objectValue ?? [:])
      let currency = parsed["currency"]
      let evaluate: () throws -> String = {
        if let raw = parsed["rawMessage"] {
          return try instance.formatMessage(
            raw, values: normalized,
            options: EvaluationOptions(locale: locale, currency: currency))
        }
        return try instance.translate(
          parsed["message"] ?? "", values: normalized, options: TranslateOptions(currency: currency)
        )
      }
      let text = try evaluate()
      if !benchmark {
        output.line(text)
        let summary = diagnostics.summary
        if !summary.isEmpty { output.error("note:\(summary)") }
        return 0
      }
      let iterations = max(1, Int(parsed["n"] ?? "10000") ?? 10000)
      let started = Date()
      for _ in 0..<iterations { _ = try evaluate() }
      let elapsed = Date().timeIntervalSince(started)
      output.line("Result: \(text)")
      output.line("Iterations: \(iterations)")
      output.line(String(format: "Total: %.3f s", elapsed))
      output.line(String(format: "Per evaluation: %.2f µs", elapsed / Double(iterations) * 1e6))
      return 0
    } catch let error as ProjectError {
      output.error("error: \(error.description)")
      return 1
    } catch {
      output.error("error: \(error)")
      return 1
    }
  }

  static func parseMapping(_ text: String?, flag: String) throws(ProjectError) -> [String:
    MessagevisorValue]
  {
    guard let text else { return [:] }
    let node: YAMLNode
    do { node = try YAMLParser().parse(text, file: "--\(flag)") } catch {
      throw ProjectError(error)
    }
    guard let object = node.value.objectValue else {
      throw ProjectError(
        file: "--\(flag)", message: "must be a JSON/YAML mapping, e.g. '{\"a\": 1}'")
    }
    return object
  }
}
