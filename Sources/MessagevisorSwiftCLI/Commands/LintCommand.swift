import Foundation
import Messagevisor
import MessagevisorProject

/// `messagevisor-swift lint`.
enum LintCommand {
  /// The output formats.
  enum Format: String, Sendable, CaseIterable {
    /// Findings grouped by file with `file:line:column`.
    case text
    /// Upstream's JSON array (plus `line`, `column`, `locale`).
    case json
    /// SARIF 2.1.0 for code-scanning tools.
    case sarif
  }

  /// Lints the project; returns the exit status (0 no error finding, 1 an error finding).
  static func run(_ command: LintCommandLine, options: LintOptions, output: CLIOutput) -> Int32 {
    let loading = command.project.commandOptions(target: command.target)
    let path = loading.projectDirectoryPath ?? FileManager.default.currentDirectoryPath
    var config: ProjectConfig
    do throws(ProjectError) {
      config = try ProjectConfig.load(directory: path)
    } catch {
      return emit(
        LintReport(findings: [ProjectLinter.finding(from: error, config: nil)]), command, output)
    }
    do throws(ProjectError) {
      try loading.override(&config)
    } catch {
      // A usage error here (the others report it as a project error).
      output.error("error: \(error.file): \(error.message)")
      return 2
    }
    var lintOptions = options
    lintOptions.set = loading.set
    lintOptions.target = loading.target
    let report = ProjectLinter(options: lintOptions).lint(path: path, config: config)
    return emit(report, command, output)
  }

  /// ANSI colours in text output: only on a terminal, without `NO_COLOR`, and not on a dumb one.
  static var colored: Bool {
    let environment = ProcessInfo.processInfo.environment
    return isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"].map(\.isEmpty) ?? true
      && environment["TERM"] != "dumb"
  }

  /// Prints `report` in the command's format; returns the exit status.
  static func emit(_ report: LintReport, _ command: LintCommandLine, _ output: CLIOutput) -> Int32 {
    switch command.format {
    case .json: output.json(report.json(pretty: command.pretty))
    case .sarif: output.json(report.sarif(pretty: true))
    case .text: output.write(report.text(color: colored) + "\n", error: false)
    }
    return report.hasErrors ? 1 : 0
  }
}
