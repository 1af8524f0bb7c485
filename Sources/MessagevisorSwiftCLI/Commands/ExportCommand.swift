import Foundation
import MessagevisorProject
import TerminalSafety

/// `messagevisor-swift export`: a project's translations as CSV (upstream's columns) or XLIFF
/// 2.0 for translators and vendors. Never writes into the project.
enum ExportCommand {
  /// Exports; returns the exit status (0 written, 1 the project or a name is wrong).
  static func run(_ command: ExportCommandLine, output: CLIOutput) -> Int32 {
    do throws(ExchangeError) {
      let text = try export(command, output: output)
      if let path = command.output {
        do {
          try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
          throw ExchangeError(file: path, message: "cannot write (\(error.localizedDescription))")
        }
      } else if isatty(STDOUT_FILENO) != 1 {
        // Not a terminal: the bytes as they are (a terminal gets them neutralized, like all
        // output).
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

  /// Which messages, rows and locales the command selects.
  static func selection(_ command: ExportCommandLine) -> ExchangeSelection {
    var selection = ExchangeSelection()
    selection.target = command.target
    selection.locales = command.locales
    selection.include = command.include
    selection.exclude = command.exclude
    selection.onlyUntranslated = command.onlyUntranslated
    selection.onlyDirectlyUntranslated = command.onlyDirectlyUntranslated
    return selection
  }

  /// The exported text.
  static func export(_ command: ExportCommandLine, output: CLIOutput) throws(ExchangeError)
    -> String
  {
    let loading = command.project.commandOptions(target: command.target)
    var tables: [(Project, ExchangeTable)] = []
    for set in loading.setsToVisit() {
      var project = loading
      project.set = set
      let loaded: Project
      do throws(ProjectError) {
        loaded = try project.loadProject(output: output)
      } catch {
        throw ExchangeError(
          file: error.file, line: error.line, column: error.column, message: error.message)
      }
      var selection = Self.selection(command)
      // XLIFF pairs each target text with the source text: the source locale is always read.
      if command.format == .xliff, let source = loaded.config.sourceLocale,
        !selection.locales.isEmpty, !selection.locales.contains(source)
      {
        selection.locales.insert(source, at: 0)
      }
      tables.append((loaded, try ExchangeTable(project: loaded, selection: selection)))
    }
    guard let first = tables.first else { return "" }
    let lineEnding = command.lineEnding == "crlf" ? "\r\n" : "\n"
    switch command.format {
    case .csv:
      let withSet = first.0.config.sets
      var records: [[String]] = []
      for (index, (project, table)) in tables.enumerated() {
        let part = ExchangeCSV.records(
          table, withSet: withSet, withStatus: !command.withoutStatus,
          overrideSeparator: project.config.exportOverrideKeySeparator)
        records += index == 0 ? part : Array(part.dropFirst())
      }
      return CSVWriter(
        delimiter: command.delimiter?.scalar ?? ",", lineEnding: lineEnding,
        byteOrderMark: command.bom
      ).text(records)
    case .xliff:
      return try XLIFFWriter(lineEnding: lineEnding).document(
        tables.map { (project: $0.0, table: $0.1) })
    }
  }
}
