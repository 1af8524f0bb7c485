import CommandLineKit
import Foundation
import Messagevisor
import MessagevisorProject

/// `messagevisor-swift evaluate` and `benchmark`.
public enum EvaluateCommand {
  /// The options of an evaluation (and of a benchmark).
  public struct Options: Sendable, Equatable {
    /// How the project is loaded (and `--target`: whose datafile is used, default `swift`).
    public var project = ProjectCommandOptions()
    /// The locale (required).
    public var locale: String?
    /// The message key to translate.
    public var message: String?
    /// A raw ICU message to format instead of a key.
    public var rawMessage: String?
    /// Values as JSON or YAML text, e.g. `{"count": 3}`.
    public var values: String?
    /// Context as JSON or YAML text, e.g. `{"platform": "ios"}`.
    public var context: String?
    /// The currency of the evaluation.
    public var currency: String?
    /// The time zone (`nil`: UTC).
    public var timeZone: String?
    /// Also print the datafile that was built.
    public var showDatafile = false
    /// Time this many repeated translations instead of printing one (`benchmark`).
    public var benchmarkIterations: Int?

    /// Creates options with every default.
    public init() {}
  }

  /// Translates one message (or times it with ``Options/benchmarkIterations``); returns the exit
  /// status (0 translated, 1 a project, locale, message or value error).
  public static func run(_ commandOptions: Options, output: CLIOutput) -> Int32 {
    do {
      let project = commandOptions.project.withDefaultTarget(
        try commandOptions.project.loadProject(output: output), output: output)
      guard let locale = commandOptions.locale else {
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
      guard commandOptions.message != nil || commandOptions.rawMessage != nil else {
        throw ProjectError(
          file: "--message", message: "pass --message=<key> or --rawMessage=<ICU text>")
      }
      let target = commandOptions.project.target ?? "swift"
      var options = TestRunOptions()
      options.target = target
      if let zone = commandOptions.timeZone { options.defaultTimeZone = zone }
      let runner = TestRunner(project: project, options: options)
      let values = try parseMapping(commandOptions.values, flag: "values")
      let context = try parseMapping(commandOptions.context, flag: "context")
      let built = try runner.datafile(target: target, locale: locale)
      if let key = commandOptions.message,
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
      if commandOptions.showDatafile { output.json(JSONText.encode(built.value, pretty: true)) }
      let diagnostics = DiagnosticLog()
      let instance = createMessagevisor(
        MessagevisorOptions(
          datafile: built.content, locale: locale, timeZone: options.defaultTimeZone,
          context: context, onDiagnostic: diagnostics.record, logLevel: .warn,
          modules: runner.modules()))
      let normalized = MessagevisorValues(
        TestValues.normalize(.object(values)).objectValue ?? [:])
      let currency = commandOptions.currency
      let evaluate: () throws -> String = {
        if let raw = commandOptions.rawMessage {
          return try instance.formatMessage(
            raw, values: normalized,
            options: EvaluationOptions(locale: locale, currency: currency))
        }
        return try instance.translate(
          commandOptions.message ?? "", values: normalized,
          options: TranslateOptions(currency: currency)
        )
      }
      let text = try evaluate()
      guard let iterations = commandOptions.benchmarkIterations.map({ max(1, $0) }) else {
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
