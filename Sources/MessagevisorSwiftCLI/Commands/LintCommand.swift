import Foundation
import Messagevisor
import MessagevisorProject

/// `messagevisor-swift lint`.
public enum LintCommand {
  /// The output formats.
  public enum Format: String, Sendable, CaseIterable {
    /// Findings grouped by file with `file:line:column`.
    case text
    /// Upstream's JSON array (plus `line`, `column`, `locale`).
    case json
    /// SARIF 2.1.0 for code-scanning tools.
    case sarif
  }

  /// The options of a lint run.
  public struct Options: Sendable {
    /// How the project is loaded (`--target`: only this target's messages and locales).
    public var project = ProjectCommandOptions()
    /// What to check (screens, measure, `--locale`, `--only`, `--skip`, `--severity`).
    public var lint = LintOptions()
    /// The output format.
    public var format = Format.text
    /// ANSI colours in text output (the CLI decides: a terminal and no `NO_COLOR`).
    public var color = false
    /// Pretty-print JSON.
    public var pretty = false

    /// Creates options with every default.
    public init() {}
  }

  /// Lints the project; returns the exit status (0 no error finding, 1 an error finding).
  public static func run(_ options: Options, output: CLIOutput) -> Int32 {
    let path = options.project.projectDirectoryPath ?? FileManager.default.currentDirectoryPath
    var config: ProjectConfig
    do throws(ProjectError) {
      config = try ProjectConfig.load(directory: path)
    } catch {
      return emit(
        LintReport(findings: [ProjectLinter.finding(from: error, config: nil)]), options, output)
    }
    if let parser = options.project.parser {
      guard let value = ProjectConfig.Parser(rawValue: parser) else {
        output.error("error: --parser: use yml or json")
        return 2
      }
      config.parser = value
    }
    if let character = options.project.namespaceCharacter { config.namespaceCharacter = character }
    if let icu = options.project.withIcuModule { config.icuModule = icu }
    if let interpolation = options.project.withInterpolationModule {
      config.interpolationModule = interpolation
    }
    var lintOptions = options.lint
    lintOptions.set = options.project.set
    lintOptions.target = options.project.target
    let report = ProjectLinter(options: lintOptions).lint(path: path, config: config)
    return emit(report, options, output)
  }

  static func emit(_ report: LintReport, _ options: Options, _ output: CLIOutput) -> Int32 {
    switch options.format {
    case .json: output.json(report.json(pretty: options.pretty))
    case .sarif: output.json(report.sarif(pretty: true))
    case .text: output.write(report.text(color: options.color) + "\n", error: false)
    }
    return report.hasErrors ? 1 : 0
  }
}
