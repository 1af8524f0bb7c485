import CommandLineKit
import MessagevisorProject

/// `messagevisor-swift readiness`: the release gate.
struct ReadinessCommandLine: RunnableCommand {
  static let configuration = CommandConfiguration(
    "readiness",
    summary: "Release gate: per message/override × locale, resolution, review status, staleness",
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

  static let limitExpected = "a whole number, 0 or more"

  @OptionGroup var project: ProjectOptions
  @Option(name: "target", value: "NAME", help: "Only this target's messages and locales")
  var target: String?
  @Option(
    name: "locale", value: "LOCALE", help: "Only this locale (repeat for more; default: all)")
  var locales: [String]
  @Flag(name: "requireReviewed", help: "Fail unless every translation is reviewed and current")
  var requireReviewed: Bool
  @Flag(name: "requireDirect", help: "Fail when a locale inherits text from another locale")
  var requireDirect: Bool
  @Option(
    name: "maxMissing", value: "N", expected: ReadinessCommandLine.limitExpected,
    valid: { $0 >= 0 },
    help: "Most missing translations that still pass (default 0)")
  var maxMissing: Int = 0
  @Option(
    name: "maxStale", value: "N", expected: ReadinessCommandLine.limitExpected, valid: { $0 >= 0 },
    help: "Most stale reviews that still pass (default 0)")
  var maxStale: Int = 0
  @Flag(name: "json", help: "Print the report as JSON") var json: Bool
  @Flag(name: "pretty", help: "Pretty-print JSON output") var pretty: Bool
  @Flag(name: "verbose", help: "Also list rows with issues that no gate failed on")
  var verbose: Bool

  func validate() throws(CommandLineError) { try project.checkSet() }

  func run(_ output: CLIOutput) -> Int32 { ReadinessCommand.run(self, output: output) }
}
