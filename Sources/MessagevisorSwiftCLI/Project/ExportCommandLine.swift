import CommandLineKit
import Foundation
import MessagevisorProject

/// `messagevisor-swift export`: translations as CSV or XLIFF 2.0 for translators and vendors.
struct ExportCommandLine: RunnableCommand {
  static let configuration = CommandConfiguration(
    "export", summary: "Write translations as CSV or XLIFF 2.0 for translators and vendors",
    sections: [
      HelpSection(
        "CSV",
        """
        Columns [set] messageKey messageDescription, then per locale <locale> and <locale>Status
        (direct: its own text; inherited: the text of a locale it inherits from, shown in the
        cell; missing: empty). One row per message, then one per override keyed key:override.
        RFC 4180: fields with the delimiter, quotes or line breaks are quoted.
        """),
      HelpSection(
        "XLIFF 2.0",
        """
        One target language per file: pass --locale once (the source language is the project's
        sourceLocale). A <group> per message or override, a <unit> per plural/select branch,
        ICU arguments and # as <ph> inline codes, so a CAT tool cannot break ICU syntax. A locale
        without its own text gets its CLDR plural categories and no <target>.
        """),
      HelpSection("Exit status", "0 exported · 1 the project or a name is wrong · 2 usage error"),
    ],
    examples: [
      "messagevisor-swift export --projectDirectoryPath=path/to/project --locale=en --locale=nl-NL --output=nl.csv",
      "messagevisor-swift export --projectDirectoryPath=path/to/project --onlyDirectlyUntranslated --bom --lineEnding=crlf",
      "messagevisor-swift export --projectDirectoryPath=path/to/project --format=xliff --locale=nl-NL --output=nl-NL.xlf",
    ])

  @OptionGroup(excluding: ["withIcuModule", "withInterpolationModule"])
  var project: ProjectOptions
  @Option(
    name: "target", value: "NAME", help: "Only messages this target includes, and its locales")
  var target: String?
  @Option(
    name: "locale", value: "LOCALE",
    help: "A locale column, in order (repeatable; default: every locale, source first)")
  var locales: [String]
  @Option(name: "include", value: "GLOB", help: "Only message keys matching (repeatable)")
  var include: [String]
  @Option(name: "exclude", value: "GLOB", help: "Leave out message keys matching (repeatable)")
  var exclude: [String]
  @Flag(
    name: "onlyUntranslated", help: "Only rows where a locale has no text (own or inherited)")
  var onlyUntranslated: Bool
  @Flag(
    name: "onlyDirectlyUntranslated", help: "Only rows where a locale has no text of its own")
  var onlyDirectlyUntranslated: Bool
  @Flag(name: "withoutStatus", help: "Leave out the <locale>Status columns")
  var withoutStatus: Bool
  @Option(
    name: "delimiter", value: "CHARACTER",
    help: "CSV field delimiter: one character, or `tab` (default ,)")
  var delimiter: CSVDelimiter?
  @Flag(name: "bom", help: "Start with a UTF-8 byte order mark (for spreadsheet programs)")
  var bom: Bool
  @Option(
    name: "lineEnding", value: "ENDING", kind: .choice(["lf", "crlf"]),
    help: "Record end (default lf)")
  var lineEnding: String = "lf"
  @Option(name: "format", value: "FORMAT", help: "csv (default) or xliff")
  var format: ExchangeFormat = .csv
  @Option(
    name: "output", value: "FILE", kind: .file,
    help: "Write to FILE (atomically) instead of standard output")
  var output: String?

  func validate() throws(CommandLineError) { try project.checkSet() }

  func run(_ output: CLIOutput) -> Int32 { ExportCommand.run(self, output: output) }
}
