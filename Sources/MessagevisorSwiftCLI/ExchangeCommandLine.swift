import CommandLineKit
import Foundation
import MessagevisorProject

/// The declarations of `export` and `import` (hand-off to translators) and their translation
/// into ``ExportCommand/Options`` and ``ImportCommand/Options``.
enum ExchangeCommandLine {
  /// The project options that make sense for export and import.
  static let projectOptions: [CommandOption] = ProjectCommandLine.projectOptions.filter {
    ["projectDirectoryPath", "set", "parser", "namespaceCharacter"].contains($0.name)
  }

  static let export = CommandSpec(
    "export", summary: "Write translations as CSV or XLIFF 2.0 for translators and vendors",
    options: projectOptions + [
      .value("target", "NAME", help: "Only messages this target includes, and its locales"),
      .value(
        "locale", "LOCALE", repeats: true,
        help: "A locale column, in order (repeatable; default: every locale, source first)"),
      .value("include", "GLOB", repeats: true, help: "Only message keys matching (repeatable)"),
      .value(
        "exclude", "GLOB", repeats: true, help: "Leave out message keys matching (repeatable)"),
      .flag("onlyUntranslated", help: "Only rows where a locale has no text (own or inherited)"),
      .flag("onlyDirectlyUntranslated", help: "Only rows where a locale has no text of its own"),
      .flag("withoutStatus", help: "Leave out the <locale>Status columns"),
      .value(
        "delimiter", "CHARACTER", help: "CSV field delimiter: one character, or `tab` (default ,)"),
      .flag("bom", help: "Start with a UTF-8 byte order mark (for spreadsheet programs)"),
      .value(
        "lineEnding", "ENDING", kind: .choice(["lf", "crlf"]), help: "Record end (default lf)"),
      .value("format", "FORMAT", kind: .choice(["csv", "xliff"]), help: "csv (default) or xliff"),
      .value(
        "output", "FILE", kind: .file, help: "Write to FILE (atomically) instead of standard output"
      ),
    ],
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

  static let importSpec = CommandSpec(
    "import", summary: "Preview (or --apply) translations from CSV or XLIFF 2.0",
    options: projectOptions + [
      .value("input", "FILE", kind: .file, help: "The CSV or XLIFF file (required)"),
      .value(
        "format", "FORMAT", kind: .choice(["csv", "xliff"]),
        help: "csv or xliff (default: from the extension: .csv .tsv .xlf .xliff)"),
      .value("locale", "LOCALE", repeats: true, help: "Only this locale's cells (repeatable)"),
      .value("delimiter", "CHARACTER", help: "CSV field delimiter: one character, or `tab`"),
      .value(
        "emptyValues", "MODE", kind: .choice(ImportEmptyValues.allCases.map(\.rawValue)),
        help: "An empty cell: skip it (default), set the empty text, or delete the translation"),
      .flag(
        "create-missing",
        help: "Create a message file (messages/<key>.yml) for a key the project lacks"),
      .flag("prune", help: "Remove imported translations equal to the text the locale inherits"),
      .flag("apply", help: "Write the changes (default: preview only)"),
      .flag("json", help: "Print the result as JSON"),
      .flag("pretty", help: "Pretty-print JSON"),
    ],
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

  /// The project options of `parsed`.
  static func project(_ parsed: ParsedArguments, command: String) throws(CommandLineError)
    -> ProjectCommandOptions
  {
    var project = ProjectCommandOptions()
    project.projectDirectoryPath = parsed["projectDirectoryPath"]
    project.set = parsed["set"]
    project.parser = parsed["parser"]
    project.namespaceCharacter = parsed["namespaceCharacter"]
    project.target = parsed["target"]
    try ProjectCommandLine.checkSet(project, command: command)
    return project
  }

  /// `--delimiter`: one character or `tab`.
  static func delimiter(_ parsed: ParsedArguments, command: String) throws(CommandLineError)
    -> Unicode.Scalar?
  {
    guard let text = parsed["delimiter"] else { return nil }
    if text == "tab" || text == "\\t" { return "\t" }
    let scalars = Array(text.unicodeScalars)
    guard scalars.count == 1, scalars[0] != "\"", scalars[0] != "\n", scalars[0] != "\r" else {
      throw CommandLineError(
        .invalidValue(
          "--delimiter", text, expected: "one character other than a quote or line break, or tab"),
        command: command)
    }
    return scalars[0]
  }

  static func runExport(_ spec: CommandSpec, _ parsed: ParsedArguments, output: CLIOutput)
    throws(CommandLineError) -> Int32
  {
    var options = ExportCommand.Options()
    options.project = try project(parsed, command: spec.fullName)
    options.selection.target = parsed["target"]
    options.selection.locales = parsed.all("locale")
    options.selection.include = parsed.all("include")
    options.selection.exclude = parsed.all("exclude")
    options.selection.onlyUntranslated = parsed.flag("onlyUntranslated")
    options.selection.onlyDirectlyUntranslated = parsed.flag("onlyDirectlyUntranslated")
    options.withoutStatus = parsed.flag("withoutStatus")
    options.delimiter = try delimiter(parsed, command: spec.fullName) ?? ","
    options.byteOrderMark = parsed.flag("bom")
    options.lineEnding = parsed["lineEnding"] == "crlf" ? "\r\n" : "\n"
    options.format = parsed["format"].flatMap(ExchangeFormat.init(rawValue:)) ?? .csv
    options.output = parsed["output"]
    options.rawStandardOutput = isatty(STDOUT_FILENO) != 1
    return ExportCommand.run(options, output: output)
  }

  static func runImport(_ spec: CommandSpec, _ parsed: ParsedArguments, output: CLIOutput)
    throws(CommandLineError) -> Int32
  {
    var options = ImportCommand.Options()
    options.project = try project(parsed, command: spec.fullName)
    guard let input = parsed["input"] else {
      throw CommandLineError(
        .missing("--input FILE (the CSV or XLIFF file to import)"), command: spec.fullName)
    }
    options.input = input
    options.format = parsed["format"].flatMap(ExchangeFormat.init(rawValue:))
    options.locales = parsed.all("locale")
    options.delimiter = try delimiter(parsed, command: spec.fullName)
    options.emptyValues = parsed["emptyValues"].flatMap(ImportEmptyValues.init(rawValue:)) ?? .skip
    options.prune = parsed.flag("prune")
    options.createMissing = parsed.flag("create-missing")
    options.apply = parsed.flag("apply")
    options.json = parsed.flag("json")
    options.pretty = parsed.flag("pretty")
    return ImportCommand.run(options, output: output)
  }
}
