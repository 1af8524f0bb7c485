import CommandLineKit
import Foundation
import MessagevisorProject

/// The declaration of `messagevisor-swift diff` and its translation into ``DiffCommand``.
enum DiffCommandLine {
  /// `diff [--from REF] [--to REF] …`.
  static let spec = CommandSpec(
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
    options: ProjectCommandLine.projectOptions.filter {
      !["withIcuModule", "withInterpolationModule"].contains($0.name)
    } + [
      .value("from", "REF", help: "The older version: a branch, tag or commit (default: HEAD)"),
      .value("to", "REF", help: "The newer version (default: the working tree)"),
      .flag("resolved", help: "Compare the effective copy per locale after inheritance"),
      .value("locale", "LOCALE", help: "Only translation and state changes of this locale"),
      .value(
        "format", "FORMAT", kind: .choice(CopyDiff.Format.allCases.map(\.rawValue)),
        help: "Output: terminal (default), markdown (for a pull-request comment) or json"),
      .flag("pretty", help: "Pretty-print JSON output"),
      .flag("exit-code", help: "Exit 1 when there are changes (as git diff --exit-code)"),
    ],
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

  /// Runs `diff` with `parsed`.
  static func run(_ parsed: ParsedArguments, output: CLIOutput) throws(CommandLineError) -> Int32 {
    if let extra = parsed.positional.first {
      throw CommandLineError(.unexpectedArgument(extra), command: spec.fullName)
    }
    var options = DiffCommand.Options()
    options.project.projectDirectoryPath = parsed["projectDirectoryPath"]
    options.project.set = parsed["set"]
    options.project.parser = parsed["parser"]
    options.project.namespaceCharacter = parsed["namespaceCharacter"]
    try ProjectCommandLine.checkSet(options.project, command: spec.fullName)
    options.from = parsed["from"]
    options.to = parsed["to"]
    options.comparison.resolved = parsed.flag("resolved")
    options.comparison.locale = parsed["locale"]
    options.format = parsed["format"].flatMap(CopyDiff.Format.init(rawValue:)) ?? .terminal
    options.pretty = parsed.flag("pretty")
    options.exitCode = parsed.flag("exit-code")
    options.closestName = { Suggestion.closest(to: $0, in: $1) }
    return DiffCommand.run(options, output: output)
  }
}
