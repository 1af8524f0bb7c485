import Foundation
import MessagevisorProject
import TerminalSafety

/// `messagevisor-swift export`: a project's translations as CSV (upstream's columns) or XLIFF
/// 2.0 for translators and vendors. Never writes into the project.
public enum ExportCommand {
  /// The options of an export.
  public struct Options: Sendable {
    /// How the project is loaded (`--set`: one set; `--target`: its messages and locales).
    public var project = ProjectCommandOptions()
    /// Which messages, rows and locales.
    public var selection = ExchangeSelection()
    /// CSV or XLIFF.
    public var format = ExchangeFormat.csv
    /// Leave out the `<locale>Status` columns.
    public var withoutStatus = false
    /// The CSV delimiter.
    public var delimiter: Unicode.Scalar = ","
    /// Start with a UTF-8 byte order mark.
    public var byteOrderMark = false
    /// The record end (`"\n"` or `"\r\n"`).
    public var lineEnding = "\n"
    /// Write here (atomically) instead of standard output.
    public var output: String?
    /// Standard output is not a terminal: write the bytes as they are (a terminal gets them
    /// neutralized, like all output).
    public var rawStandardOutput = false

    /// Creates options with every default.
    public init() {}
  }

  /// Exports; returns the exit status (0 written, 1 the project or a name is wrong).
  public static func run(_ options: Options, output: CLIOutput) -> Int32 {
    do throws(ExchangeError) {
      let text = try export(options, output: output)
      if let path = options.output {
        do {
          try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
          throw ExchangeError(file: path, message: "cannot write (\(error.localizedDescription))")
        }
      } else if options.rawStandardOutput {
        output.write(text, error: false)
      } else {
        output.write(
          SafeText.neutralized(text, keepingLineBreaks: true), error: false)
      }
      return 0
    } catch {
      output.error("error: \(error.description)")
      return 1
    }
  }

  /// The exported text.
  public static func export(_ options: Options, output: CLIOutput) throws(ExchangeError) -> String {
    var tables: [(Project, ExchangeTable)] = []
    for set in options.project.setsToVisit() {
      var project = options.project
      project.set = set
      let loaded: Project
      do throws(ProjectError) {
        loaded = try project.loadProject(output: output)
      } catch {
        throw ExchangeError(
          file: error.file, line: error.line, column: error.column, message: error.message)
      }
      var selection = options.selection
      // XLIFF pairs each target text with the source text: the source locale is always read.
      if options.format == .xliff, let source = loaded.config.sourceLocale,
        !selection.locales.isEmpty, !selection.locales.contains(source)
      {
        selection.locales.insert(source, at: 0)
      }
      tables.append((loaded, try ExchangeTable(project: loaded, selection: selection)))
    }
    guard let first = tables.first else { return "" }
    switch options.format {
    case .csv:
      let withSet = first.0.config.sets
      var records: [[String]] = []
      for (index, (project, table)) in tables.enumerated() {
        let part = ExchangeCSV.records(
          table, withSet: withSet, withStatus: !options.withoutStatus,
          overrideSeparator: project.config.exportOverrideKeySeparator)
        records += index == 0 ? part : Array(part.dropFirst())
      }
      return CSVWriter(
        delimiter: options.delimiter, lineEnding: options.lineEnding,
        byteOrderMark: options.byteOrderMark
      ).text(records)
    case .xliff:
      return try XLIFFWriter(lineEnding: options.lineEnding).document(
        tables.map { (project: $0.0, table: $0.1) })
    }
  }
}
