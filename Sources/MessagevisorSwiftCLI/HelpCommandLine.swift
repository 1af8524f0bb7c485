import CommandLineKit
import MessagevisorProject

/// `messagevisor-swift help [COMMAND…]`: the help of the command the words name.
struct HelpCommandLine: RunnableCommand {
  static let configuration = CommandConfiguration(
    "help", summary: "Show this help (also --help on every command)")

  @Argument(name: "COMMAND", help: "The command to explain") var path: [String]

  func run(_ output: CLIOutput) -> Int32 {
    output.line(MessagevisorCLI.program.route(path).command.helpText)
    return 0
  }
}
