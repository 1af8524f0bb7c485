import CommandLineKit
import MessagevisorProject

/// `messagevisor-swift ota help` (hidden): the help of `ota`.
struct OTAHelpCommandLine: AsyncRunnableCommand {
  static let configuration = CommandConfiguration("help", summary: "Show this help.", hidden: true)

  func run(_: CLIOutput) async -> Int32 {
    OTACommand.print(OTACommandLine.placedSpec.helpText)
    return 0
  }
}
