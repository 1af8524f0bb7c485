import Foundation
import Messagevisor

/// The `messagevisor-swift` command-line tool: `test`, `build`, `evaluate`, `benchmark`,
/// `examples` (and `ota`, provided by the executable).
public enum MessagevisorCLI {
  /// Top-level usage.
  public static let usage = """
    messagevisor-swift — a Node-free Messagevisor project toolchain

    USAGE
      messagevisor-swift <command> [flags]

    COMMANDS
      test       Run a project's test specs (tests/**/*.spec.yml) through the Swift engine
      build      Build datafiles (datafiles/…/messagevisor-<target>-<locale>.json)
      evaluate   Translate one message (or raw ICU message) for a target and locale
      benchmark  Time repeated translations of one message
      examples   Evaluate the examples declared in messages and locales
      ota        ReRune over-the-air catalog commands (see `ota --help`)
      help       Show this help (also --help on every command)

    EXAMPLES
      messagevisor-swift test --projectDirectoryPath=path/to/project --withIcuModule --normalizeSpaces
      messagevisor-swift build --projectDirectoryPath=path/to/project --target=web
      messagevisor-swift evaluate --projectDirectoryPath=path/to/project --target=swift \\
        --locale=en-US --message=auth.signin

    Flags accept --key=value, --key value, and bare --key for switches.
    """

  /// Runs a command; returns the exit status. `ota` is handled by the caller.
  public static func run(_ arguments: [String], output: CLIOutput = CLIOutput()) -> Int32 {
    guard let command = arguments.first else {
      output.line(usage)
      return 1
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "help", "--help", "-h":
      output.line(usage)
      return 0
    case "test": return TestCommand.run(rest, output: output)
    case "build": return BuildCommand.run(rest, output: output)
    case "evaluate": return EvaluateCommand.run(rest, output: output)
    case "benchmark": return EvaluateCommand.run(rest, output: output, benchmark: true)
    case "examples": return ExamplesCommand.run(rest, output: output)
    default:
      output.error(
        "error: unknown command \"\(command)\"; commands: test, build, evaluate, benchmark, examples, ota, help"
      )
      return 2
    }
  }

  /// Flags shared by every project command.
  static let projectFlags: [CommandArguments.Flag] = [
    .init("projectDirectoryPath", .value, help: "Project root (default: current directory)"),
    .init("set", .value, help: "Set to load when the project uses sets"),
    .init("withIcuModule", .bool, help: "Install the ICU module (default: as the config says)"),
    .init(
      "withInterpolationModule", .bool,
      help: "Install the interpolation module (default: as the config says)"),
    .init("parser", .value, help: "Override the entity file format: yml or json"),
    .init("namespaceCharacter", .value, help: "Override the namespace character"),
    .init("help", .bool, short: "h", help: "Show help for this command"),
  ]

  /// Renders a command's help.
  static func help(
    command: String, summary: String, flags: [CommandArguments.Flag], examples: [String],
    notes: String = ""
  ) -> String {
    let width = flags.map { $0.name.count }.max() ?? 10
    var text = "messagevisor-swift \(command) — \(summary)\n\nFLAGS\n"
    for flag in flags {
      let name = "--" + flag.name + (flag.kind == .value ? "=…" : "")
      text +=
        "  " + name.padding(toLength: width + 6, withPad: " ", startingAt: 0) + flag.help + "\n"
    }
    if !notes.isEmpty { text += "\n" + notes + "\n" }
    text += "\nEXAMPLES\n" + examples.map { "  " + $0 }.joined(separator: "\n")
    return text
  }

  /// Parses flags, printing help or usage errors. Returns nil when the command should exit.
  static func parse(
    _ arguments: [String], flags: [CommandArguments.Flag], helpText: String, output: CLIOutput,
    exitCode: inout Int32
  ) -> CommandArguments? {
    do {
      let parsed = try CommandArguments.parse(arguments, flags: flags)
      if parsed.flag("help") {
        output.line(helpText)
        exitCode = 0
        return nil
      }
      if let extra = parsed.positional.first {
        output.error("error: unexpected argument \"\(extra)\"\n\n\(helpText)")
        exitCode = 2
        return nil
      }
      return parsed
    } catch {
      output.error("error: \(error.description)")
      exitCode = 2
      return nil
    }
  }

  /// Loads the project named by the flags, printing config notes to stderr.
  static func loadProject(_ arguments: CommandArguments, output: CLIOutput, quiet: Bool = false)
    throws(ProjectError) -> Project
  {
    let path = arguments["projectDirectoryPath"] ?? FileManager.default.currentDirectoryPath
    var config = try ProjectConfig.load(directory: path)
    if let parser = arguments["parser"] {
      guard let value = ProjectConfig.Parser(rawValue: parser) else {
        throw ProjectError(file: "--parser", message: "use yml or json")
      }
      config.parser = value
    }
    if let character = arguments["namespaceCharacter"] { config.namespaceCharacter = character }
    if arguments.switches["withIcuModule"] != nil {
      config.icuModule = arguments.flag("withIcuModule")
    }
    if arguments.switches["withInterpolationModule"] != nil {
      config.interpolationModule = arguments.flag("withInterpolationModule")
    }
    // Notes only for a project that loads: a missing project gets its error alone.
    let project = try ProjectLoader().load(path: path, set: arguments["set"], config: config)
    if !quiet {
      for note in config.notes { output.error("note: \(note)") }
    }
    return project
  }

  /// Without `--target`, assertions default to the `swift` target; a project that has none gets an
  /// implicit one (every message and locale, no context), like upstream's `swift` target.
  static func withDefaultTarget(
    _ project: Project, _ arguments: CommandArguments, output: CLIOutput
  )
    -> Project
  {
    guard arguments["target"] == nil, project.targets["swift"] == nil else { return project }
    var copy = project
    var target = ProjectTarget(key: "swift")
    target.file = "(implicit swift target)"
    copy.targets["swift"] = target
    output.error(
      "note: the project has no \"swift\" target; using an implicit one with every message and locale and no context (pass --target to choose)"
    )
    return copy
  }
}
