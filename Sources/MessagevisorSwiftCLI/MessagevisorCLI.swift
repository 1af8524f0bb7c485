import CommandLineKit
import Foundation
import MessagevisorProject

/// The `messagevisor-swift` command line: one declaration (``program``) of every command, from
/// which arguments are parsed and `--help`, the man page and the shell completions are generated;
/// the work itself is done by the libraries (`MessagevisorProject`'s commands, `ReRune`).
public enum MessagevisorCLI {
  /// Usage errors exit 2, as `messagevisor-swift` has always documented.
  static let usageStatus: Int32 = 2

  /// The declaration of the whole program.
  public static let program = CommandSpec(
    "messagevisor-swift", summary: "a Node-free Messagevisor project toolchain",
    options: CommandSpec.documentationOptions,
    subcommands: [
      ProjectCommandLine.test, ProjectCommandLine.build, ProjectCommandLine.lint,
      ProjectCommandLine.readiness, ProjectCommandLine.review, ProjectCommandLine.evaluate,
      ProjectCommandLine.benchmark, ProjectCommandLine.examples, InitCommandLine.spec,
      DiffCommandLine.spec, PromoteCommandLine.spec,
      ExchangeCommandLine.export, ExchangeCommandLine.importSpec,
      OTACommandLine.ota,
      CommandSpec(
        "help", summary: "Show this help (also --help on every command)",
        arguments: [CommandArgument("COMMAND", help: "The command to explain", optional: true)]),
    ],
    sections: [
      HelpSection(
        "Exit status",
        """
        0 success · 1 the work failed (see each command) · 2 usage error
        (ota check also exits 3 when every locale payload failed)
        """)
    ],
    examples: [
      "messagevisor-swift test --projectDirectoryPath=path/to/project --withIcuModule --normalizeSpaces",
      "messagevisor-swift build --projectDirectoryPath=path/to/project --target=web",
      "messagevisor-swift lint --projectDirectoryPath=path/to/project --format=sarif",
      "messagevisor-swift evaluate --projectDirectoryPath=path/to/project --target=swift --locale=en-US --message=auth.signin",
      "messagevisor-swift ota check --site Demo/ota",
    ])

  /// Top-level usage (the program's `--help`).
  public static var usage: String { program.helpText }

  /// Runs any command, `ota` included; returns the exit status.
  public static func main(_ arguments: [String]) async -> Int32 {
    let (command, rest) = program.route(arguments)
    if command.fullName.hasPrefix("messagevisor-swift ota") {
      return await OTACommandLine.run(command, rest)
    }
    return run(arguments)
  }

  /// Runs a project command (`test`, `build`, `evaluate`, `benchmark`, `examples`, `help`, or
  /// the documentation options); returns the exit status. `ota` needs ``main(_:)``.
  public static func run(_ arguments: [String], output: CLIOutput = CLIOutput()) -> Int32 {
    guard !arguments.isEmpty else {
      output.line(usage)
      return 1
    }
    let (command, rest) = program.route(arguments)
    if command.name == "help" {
      let target = program.route(rest).command
      output.line(target.helpText)
      return 0
    }
    do {
      let parsed = try command.parse(rest)
      if parsed.helpRequested {
        output.line(command.helpText)
        return 0
      }
      if command.fullName == program.fullName {
        if let text = program.documentation(for: parsed, date: Self.manDate) {
          output.line(String(text.dropLast()))
          return 0
        }
        output.line(usage)
        return 1
      }
      if command.fullName.hasPrefix("messagevisor-swift ota") {
        output.error("error: run `messagevisor-swift ota …` through the executable")
        return usageStatus
      }
      if command.name == "init" { return try InitCommandLine.run(parsed, output: output) }
      if command.name == "diff" { return try DiffCommandLine.run(parsed, output: output) }
      if command.name == "promote" { return try PromoteCommandLine.run(parsed, output: output) }
      if command.name == "export" {
        return try ExchangeCommandLine.runExport(command, parsed, output: output)
      }
      if command.name == "import" {
        return try ExchangeCommandLine.runImport(command, parsed, output: output)
      }
      return try ProjectCommandLine.run(command, parsed, output: output)
    } catch {
      output.error("error: \(error.description)")
      return usageStatus
    }
  }

  /// The date in generated man pages: `SOURCE_DATE_EPOCH` when set (reproducible builds), else
  /// today.
  static var manDate: String {
    let environment = ProcessInfo.processInfo.environment
    let date =
      environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init).map(
        Date.init(timeIntervalSince1970:))
      ?? Date()
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: date)
  }
}
