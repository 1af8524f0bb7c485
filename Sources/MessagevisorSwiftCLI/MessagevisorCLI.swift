import CommandLineKit
import Foundation
import MessagevisorProject

/// The `messagevisor-swift` command line: the command types (`MessagevisorSwiftCommand` and its
/// subcommands) declare every option where it is stored, and `--help`, the man page and the shell
/// completions are generated from those declarations; this dispatcher routes the arguments to a
/// command type, parses them into it and runs it.
public enum MessagevisorCLI {
  /// Usage errors exit 2, as `messagevisor-swift` has always documented.
  static let usageStatus: Int32 = 2

  /// The declaration of the whole program, derived from its command types.
  public static let program = MessagevisorSwiftCommand.spec

  /// Top-level usage (the program's `--help`).
  public static var usage: String { program.helpText }

  /// Runs any command, `ota` included, writing to `output`; returns the exit status.
  public static func main(_ arguments: [String], output: CLIOutput = CLIOutput()) async -> Int32 {
    let route = MessagevisorSwiftCommand.route(arguments)
    do {
      guard let command = try parse(route, output: output) else { return 0 }
      if var command = command as? any AsyncRunnableCommand<CLIOutput> {
        return try await command.run(output)
      }
      return try runSynchronously(command, output: output)
    } catch {
      return usageError(error, route: route, output: output)
    }
  }

  /// Runs a command that needs no network (every command but `ota …`); returns the exit
  /// status. `ota` needs ``main(_:)``.
  public static func run(_ arguments: [String], output: CLIOutput = CLIOutput()) -> Int32 {
    let route = MessagevisorSwiftCommand.route(arguments)
    do {
      guard let command = try parse(route, output: output) else { return 0 }
      return try runSynchronously(command, output: output)
    } catch {
      return usageError(error, route: route, output: output)
    }
  }

  /// The command `route` parses into, or `nil` after printing the help it asked for.
  static func parse(_ route: CommandRoute, output: CLIOutput) throws(CommandLineError)
    -> (any ParsableCommand)?
  {
    switch try route.parse() {
    case .help(let spec):
      output.line(spec.helpText)
      return nil
    case .command(let command):
      return command
    }
  }

  static func runSynchronously(_ command: any ParsableCommand, output: CLIOutput)
    throws(CommandLineError) -> Int32
  {
    guard var command = command as? any RunnableCommand<CLIOutput> else {
      output.error("error: run `messagevisor-swift ota …` through the executable")
      return usageStatus
    }
    return try command.run(output)
  }

  static func usageError(_ error: CommandLineError, route: CommandRoute, output: CLIOutput)
    -> Int32
  {
    output.error("error: \(error.naming(route.spec.fullName).description)")
    return usageStatus
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
