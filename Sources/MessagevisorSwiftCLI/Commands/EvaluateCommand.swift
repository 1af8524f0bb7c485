import CommandLineKit
import Foundation
import Messagevisor
import MessagevisorProject

/// `messagevisor-swift evaluate` and `benchmark`.
enum EvaluateCommand {
  /// Translates one message (or, for `benchmark`, times `benchmarkIterations` translations);
  /// returns the exit status (0 translated, 1 a project, locale, message or value error).
  static func run(
    _ evaluation: EvaluateOptions, benchmarkIterations: Int? = nil, output: CLIOutput
  ) -> Int32 {
    do {
      let (project, defaults) = try evaluation.project.commandOptions(target: evaluation.target)
        .loadForAssertions(output: output)
      guard let locale = evaluation.locale else {
        throw ProjectError(file: "--locale", message: "pass --locale=<locale>, e.g. --locale=en-US")
      }
      guard project.locales[locale] != nil else {
        throw ProjectError(
          file: "--locale",
          message:
            "unknown locale \"\(locale)\" (known: \(project.locales.keys.sorted().joined(separator: ", ")))"
            + Suggestion.didYouMean(locale, in: Array(project.locales.keys))
        )
      }
      guard evaluation.message != nil || evaluation.rawMessage != nil else {
        throw ProjectError(
          file: "--message", message: "pass --message=<key> or --rawMessage=<ICU text>")
      }
      var options = defaults
      let target = options.target
      if let zone = evaluation.timeZone { options.defaultTimeZone = zone }
      let runner = TestRunner(project: project, options: options)
      let values = try parseMapping(evaluation.values, flag: "values")
      let context = try parseMapping(evaluation.context, flag: "context")
      let built = try runner.datafile(target: target, locale: locale)
      if let key = evaluation.message,
        built.value.objectValue?["translations"]?.objectValue?[key] == nil
      {
        // Translating it would only echo the key back: say so and fail.
        let keys = Array(built.value.objectValue?["translations"]?.objectValue?.keys ?? [:].keys)
        throw ProjectError(
          file: "--message",
          message:
            "\(key) is not in the \(target)/\(locale) datafile (unknown, excluded by the target, or untranslated)"
            + Suggestion.didYouMean(key, in: keys)
        )
      }
      if evaluation.showDatafile { output.json(JSONText.encode(built.value, pretty: true)) }
      let diagnostics = DiagnosticLog()
      let instance = createMessagevisor(
        MessagevisorOptions(
          datafile: built.content, locale: locale, timeZone: options.defaultTimeZone,
          context: context, onDiagnostic: diagnostics.record, logLevel: .warn,
          modules: runner.modules()))
      let normalized = MessagevisorValues(
        TestValues.normalize(.object(values)).objectValue ?? [:])
      let currency = evaluation.currency
      let evaluate: () throws -> String = {
        if let raw = evaluation.rawMessage {
          return try instance.formatMessage(
            raw, values: normalized,
            options: EvaluationOptions(locale: locale, currency: currency))
        }
        return try instance.translate(
          evaluation.message ?? "", values: normalized,
          options: TranslateOptions(currency: currency)
        )
      }
      let text = try evaluate()
      guard let iterations = benchmarkIterations.map({ max(1, $0) }) else {
        output.line(text)
        let summary = diagnostics.summary
        if !summary.isEmpty { output.error("note:\(summary)") }
        return 0
      }
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
