import CommandLineKit
import Foundation
import MessagevisorProject
import ReRune

/// `messagevisor-swift lint`: every problem of a project, with the previewer's screens and
/// measures; colour only on a terminal without `NO_COLOR`.
struct LintCommandLine: RunnableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      "lint",
      summary: "Check a project and report every problem (schemas, ICU, plurals, contract, fit)",
      sections: [
        HelpSection(
          "Checks",
          LintRule.all.map { "\($0.code) (\($0.level.rawValue)): \($0.help)" }.joined(
            separator: "\n")),
        HelpSection(
          "Configuration",
          """
          In messagevisor.config.yml:
            lint:
              severity: {fit: error, unused_message: off}
              ignoreKeys: ["legacy_*"]
              allowIdentical: [ReRune]
              identicalMinimumLength: 4
          In a message file, `lint: {ignore: [code, …]}` silences those codes for that message.
          """),
        HelpSection(
          "Output",
          """
          Text is grouped by file with line:column, coloured on a terminal (never with NO_COLOR or
          in a pipe). JSON is an array of {level, filePath, entityType, entityKey, message, path,
          code, line, column, locale}. Without --set, every set of a project that uses sets.
          """),
        HelpSection(
          "Exit status", "0 no finding at error level · 1 a finding at error level · 2 usage error"
        ),
      ],
      examples: [
        "messagevisor-swift lint --projectDirectoryPath=path/to/project",
        "messagevisor-swift lint --projectDirectoryPath=path/to/project --severity=warning --skip=unused_message",
        "messagevisor-swift lint --projectDirectoryPath=path/to/project --format=sarif > lint.sarif",
      ])
  }

  @OptionGroup var project: ProjectOptions
  @Option(name: "target", value: "NAME", help: "Only this target's messages and locales")
  var target: String?
  @Option(name: "locale", value: "LOCALE", help: "Only findings about this locale")
  var locale: String?
  @Option(
    name: "format", value: "FORMAT",
    help: "Output: text (grouped by file), json (upstream's array) or sarif (2.1.0)")
  var format: LintCommand.Format = .text
  @Option(
    name: "severity", value: "LEVEL", kind: .choice(["error", "warning", "info"]),
    help: "Report findings at this level and above (default: info)")
  var severity: LintLevel = .info
  @Option(name: "only", value: "CODES", help: "Only these codes, comma-separated")
  var only: String?
  @Option(name: "skip", value: "CODES", help: "Not these codes, comma-separated")
  var skip: String?
  @Flag(name: "pretty", help: "Pretty-print JSON output") var pretty: Bool

  /// The codes of `--only` or `--skip` (`name`), each a known lint code.
  static func codes(_ text: String?, option name: String) throws(CommandLineError) -> Set<String> {
    let codes = Set(commaSeparated(text ?? ""))
    let known = Set(LintRule.all.map(\.code))
    guard codes.isSubset(of: known) else {
      throw CommandLineError(
        .invalidValue(
          "--" + name, text ?? "",
          expected: "codes among \(LintRule.all.map(\.code).joined(separator: ", "))"))
    }
    return codes
  }

  /// The project directory, which must exist.
  var path: String { project.directory.path ?? FileManager.default.currentDirectoryPath }

  func validate() throws(CommandLineError) {
    try project.checkSet()
    _ = try Self.codes(only, option: "only")
    _ = try Self.codes(skip, option: "skip")
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw CommandLineError(
        .invalidValue("--projectDirectoryPath", path, expected: "an existing project directory"))
    }
  }

  func run(_ output: CLIOutput) throws(CommandLineError) -> Int32 {
    var options = LintOptions()
    options.locale = locale
    options.threshold = severity
    options.only = try Self.codes(only, option: "only")
    options.skip = try Self.codes(skip, option: "skip")
    LintScreenSource.prepare(&options, path: path, target: target, set: project.set)
    options.sha256Hex = { SHA256Digest.hex($0) }
    return LintCommand.run(self, options: options, output: output)
  }
}
