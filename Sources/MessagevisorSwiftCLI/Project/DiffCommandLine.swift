import CommandLineKit
import Foundation
import MessagevisorProject

/// `messagevisor-swift diff`: copy and routing changes between two git refs.
struct DiffCommandLine: RunnableCommand {
  static let configuration = CommandConfiguration(
    "diff",
    summary: "Copy and routing changes between two git refs (default: HEAD vs the working tree)",
    discussion: """
      Compares the project as it is at --from (default HEAD) with --to (default: the working tree,
      uncommitted and untracked files included; the output says when there are any): translations
      added, removed and modified (old → new, with file:line:column), translationStates changes,
      and routing changes (overrides added, removed and reordered; conditions, segments and segment
      definitions edited). --resolved compares the effective copy per locale after
      inheritTranslationsFrom. Each ref's project files are read from git into a temporary
      directory; nothing in the repository is written.
      """,
    sections: [
      HelpSection(
        "Output",
        """
        terminal: per message, `~` modified, `+` added, `-` removed, `*` workflow state, `↕`
        routing; texts quoted with hidden characters spelt out. markdown: a summary line and per
        message a table of translations and a list of state and routing changes, code spans
        escaped. json: {from, to, resolved, notes, summary, changes: [{type, set, messageKey,
        overrideKey, locale, before, after, beforeLocation, afterLocation, routing}]}, locations
        as {filePath, line, column}. Without --set, every set of a project that uses sets.
        """),
      HelpSection(
        "Exit status",
        """
        0 compared (with or without changes) · 1 changes, with --exit-code · 2 usage error (an
        unknown ref, set or locale) · 3 cannot compare: not a git checkout, a ref missing from a
        shallow clone, the project does not load at one side, or git failed
        """),
    ],
    examples: [
      "messagevisor-swift diff",
      "messagevisor-swift diff --from origin/main --format markdown > copy-changes.md",
      "messagevisor-swift diff --from v1.2 --to v1.3 --resolved --locale nl-NL",
      "messagevisor-swift diff --from main --exit-code --format json",
    ])

  @OptionGroup(excluding: ["withIcuModule", "withInterpolationModule"])
  var project: ProjectOptions
  @Option(
    name: "from", value: "REF", help: "The older version: a branch, tag or commit (default: HEAD)")
  var from: String?
  @Option(name: "to", value: "REF", help: "The newer version (default: the working tree)")
  var to: String?
  @Flag(name: "resolved", help: "Compare the effective copy per locale after inheritance")
  var resolved: Bool
  @Option(
    name: "locale", value: "LOCALE", help: "Only translation and state changes of this locale")
  var locale: String?
  @Option(
    name: "format", value: "FORMAT",
    help: "Output: terminal (default), markdown (for a pull-request comment) or json")
  var format: CopyDiff.Format = .terminal
  @Flag(name: "pretty", help: "Pretty-print JSON output") var pretty: Bool
  @Flag(name: "exit-code", help: "Exit 1 when there are changes (as git diff --exit-code)")
  var exitCode: Bool

  func validate() throws(CommandLineError) { try project.checkSet() }

  func run(_ output: CLIOutput) -> Int32 { DiffCommand.run(self, output: output) }
}
