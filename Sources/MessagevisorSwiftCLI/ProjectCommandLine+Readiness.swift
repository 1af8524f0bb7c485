import CommandLineKit
import MessagevisorProject

extension ProjectCommandLine {
  static let readiness = CommandSpec(
    "readiness",
    summary: "Release gate: per message/override × locale, resolution, review status, staleness",
    options: projectOptions + [
      .value("target", "NAME", help: "Only this target's messages and locales"),
      .value(
        "locale", "LOCALE", repeats: true, help: "Only this locale (repeat for more; default: all)"),
      .flag("requireReviewed", help: "Fail unless every translation is reviewed and current"),
      .flag("requireDirect", help: "Fail when a locale inherits text from another locale"),
      .value("maxMissing", "N", help: "Most missing translations that still pass (default 0)"),
      .value("maxStale", "N", help: "Most stale reviews that still pass (default 0)"),
      .flag("json", help: "Print the report as JSON"),
      .flag("pretty", help: "Pretty-print JSON output"),
      .flag("verbose", help: "Also list rows with issues that no gate failed on"),
    ],
    sections: [
      HelpSection(
        "Report",
        """
        One row per message (and per override) and locale: resolution (direct, inherited from a
        locale of the inheritTranslationsFrom chain, missing), status (draft, translated, reviewed
        from translationStates; untracked without a state; missing), reviewed, stale (reviewed
        before the source-locale text changed), issues, and file:line:column. Summary counts:
        direct, inherited, missing, reviewed, unreviewed, stale, missingSource. Without --set,
        every set of a project that uses sets, under one verdict.
        """),
      HelpSection(
        "Gates",
        """
        missing_translations (more than --maxMissing), stale_translations (more than --maxStale),
        unreviewed_translations (--requireReviewed; the source locale is never counted),
        inherited_translations (--requireDirect). Each failure lists its rows.
        """),
      HelpSection(
        "Exit status",
        "0 every gate passed · 1 a gate failed or the project has an error · 2 usage error"),
    ],
    examples: [
      "messagevisor-swift readiness --projectDirectoryPath=path/to/project --requireDirect --locale nl-NL",
      "messagevisor-swift readiness --projectDirectoryPath=path/to/project --requireReviewed --maxStale 3 --json --pretty",
    ])

  /// `readiness`: the parsed flags as ``ReadinessCommand/Options``.
  static func runReadiness(
    _ spec: CommandSpec, _ parsed: ParsedArguments, project: ProjectCommandOptions,
    output: CLIOutput
  ) throws(CommandLineError) -> Int32 {
    var options = ReadinessCommand.Options()
    options.project = project
    options.locales = parsed.all("locale")
    options.json = parsed.flag("json")
    options.pretty = parsed.flag("pretty")
    options.verbose = parsed.flag("verbose")
    options.gates.requireReviewed = parsed.flag("requireReviewed")
    options.gates.requireDirect = parsed.flag("requireDirect")
    func limit(_ name: String) throws(CommandLineError) -> Int {
      guard let text = parsed[name] else { return 0 }
      guard let value = Int(text), value >= 0 else {
        throw CommandLineError(
          .invalidValue("--" + name, text, expected: "a whole number, 0 or more"),
          command: spec.fullName)
      }
      return value
    }
    options.gates.maxMissing = try limit("maxMissing")
    options.gates.maxStale = try limit("maxStale")
    options.suggest = { Suggestion.closest(to: $0, in: $1) }
    return ReadinessCommand.run(options, output: output)
  }
}
