import CommandLineKit
import MessagevisorProject

/// The options of `evaluate`, which `benchmark` shares: one message (or raw ICU message) for a
/// target, locale, values and context.
struct EvaluateOptions: ParsableArguments, Sendable {
  @OptionGroup var project: ProjectOptions
  @Option(name: "target", value: "NAME", help: "Target whose datafile is used (default: swift)")
  var target: String?
  @Option(name: "locale", value: "LOCALE", help: "Locale (required)") var locale: String?
  @Option(name: "message", value: "KEY", help: "Message key to translate") var message: String?
  @Option(name: "rawMessage", value: "ICU", help: "Raw ICU message to format instead of a key")
  var rawMessage: String?
  @Option(name: "values", value: "JSON", help: "Values as JSON or YAML, e.g. '{\"count\": 3}'")
  var values: String?
  @Option(
    name: "context", value: "JSON", help: "Context as JSON or YAML, e.g. '{\"platform\": \"ios\"}'")
  var context: String?
  @Option(name: "currency", value: "CODE", help: "Currency for this evaluation")
  var currency: String?
  @Option(name: "timeZone", value: "ZONE", help: "Time zone (default: UTC)") var timeZone: String?
  @Flag(name: "showDatafile", help: "Also print the datafile that was built")
  var showDatafile: Bool
}
