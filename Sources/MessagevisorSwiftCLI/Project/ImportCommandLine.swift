import CommandLineKit
import MessagevisorProject

/// `messagevisor-swift import`: translations from CSV or XLIFF 2.0, previewed or applied.
struct ImportCommandLine: RunnableCommand {
  static let configuration = CommandConfiguration(
    "import", summary: "Preview (or --apply) translations from CSV or XLIFF 2.0",
    sections: [
      HelpSection(
        "What changes",
        """
        A cell changes a translation only when it differs from what the locale shows today: a
        text equal to the locale's own translation, or to the text it inherits, changes nothing,
        so an unchanged export imports as no change. Each change is shown as
        file:line:column old → new. Files are edited in place (comments, order and quoting
        kept); a reviewed translation whose text changes becomes translated.
        """),
      HelpSection(
        "Checks",
        """
        Every new text is checked as lint checks it: ICU syntax, the plural categories of the
        locale, the translation contract with the source locale, invisible characters. Bad rows,
        unknown messages, overrides, sets or locale columns, duplicate rows, rows with a missing
        column, altered XLIFF inline codes: each is reported with its row, line and column, and
        while there is one, nothing is written (not even the good rows): fix the file and import
        again. With --apply every file is replaced atomically; if one write fails the files
        written before it are put back.
        """),
      HelpSection(
        "Limits",
        """
        Input up to 64 MiB, 200,000 CSV records or XLIFF units, 2,000 fields a record. CSV is
        RFC 4180 in UTF-8 (a byte order mark, CRLF or LF, quoted line breaks are fine).
        XLIFF is read without network, DTDs or entities (an entity is an error, never expanded).
        """),
      HelpSection(
        "Exit status",
        "0 previewed or applied without error · 1 an error (nothing written) · 2 usage error"),
    ],
    examples: [
      "messagevisor-swift import --projectDirectoryPath=path/to/project --input=nl.csv",
      "messagevisor-swift import --projectDirectoryPath=path/to/project --input=nl.csv --apply",
      "messagevisor-swift import --projectDirectoryPath=path/to/project --input=nl-NL.xlf --json --pretty",
    ])

  @OptionGroup(excluding: ["withIcuModule", "withInterpolationModule"])
  var project: ProjectOptions
  @Option(name: "input", value: "FILE", kind: .file, help: "The CSV or XLIFF file (required)")
  var input: String?
  @Option(
    name: "format", value: "FORMAT",
    help: "csv or xliff (default: from the extension: .csv .tsv .xlf .xliff)")
  var format: ExchangeFormat?
  @Option(name: "locale", value: "LOCALE", help: "Only this locale's cells (repeatable)")
  var locales: [String]
  @Option(
    name: "delimiter", value: "CHARACTER", help: "CSV field delimiter: one character, or `tab`")
  var delimiter: CSVDelimiter?
  @Option(
    name: "emptyValues", value: "MODE",
    help: "An empty cell: skip it (default), set the empty text, or delete the translation")
  var emptyValues: ImportEmptyValues = .skip
  @Flag(
    name: "create-missing",
    help: "Create a message file (messages/<key>.yml) for a key the project lacks")
  var createMissing: Bool
  @Flag(name: "prune", help: "Remove imported translations equal to the text the locale inherits")
  var prune: Bool
  @Flag(name: "apply", help: "Write the changes (default: preview only)") var apply: Bool
  @Flag(name: "json", help: "Print the result as JSON") var json: Bool
  @Flag(name: "pretty", help: "Pretty-print JSON") var pretty: Bool

  func validate() throws(CommandLineError) {
    try project.checkSet()
    guard input != nil else {
      throw CommandLineError(.missing("--input FILE (the CSV or XLIFF file to import)"))
    }
  }

  func run(_ output: CLIOutput) -> Int32 { ImportCommand.run(self, output: output) }
}
