import CommandLineKit
import MessagevisorProject

/// `messagevisor-swift ota help` (hidden): the help of `ota`.
struct OTAHelpCommandLine: AsyncRunnableCommand {
  static let configuration = CommandConfiguration("help", summary: "Show this help.", hidden: true)

  func run(_ output: CLIOutput) async -> Int32 {
    output.line(OTACommandLine.placedSpec.helpText)
    return 0
  }
}
