import CommandLineKit
import MessagevisorProject

/// `messagevisor-swift ota`: the ReRune over-the-air commands; alone, its usage as a usage error.
struct OTACommandLine: AsyncRunnableCommand {
  static let configuration = CommandConfiguration(
    "ota", summary: "ReRune over-the-air catalog commands (see `ota --help`)",
    subcommands: [
      OTACheckCommandLine.self, OTAShowCommandLine.self, OTAValidateCommandLine.self,
      OTAExportCommandLine.self, OTAHelpCommandLine.self,
    ],
    examples: [
      "messagevisor-swift ota check --site Demo/ota",
      "messagevisor-swift ota check --base-url https://rerune.io/api --publish-id pub_123 --json",
      "messagevisor-swift ota show --site Demo/ota --locale de --key items --args '[3]'",
      "messagevisor-swift ota validate Demo/ota",
    ])

  /// The declaration of `messagevisor-swift ota`, with its full name.
  static var placedSpec: CommandSpec { MessagevisorCLI.program.route(["ota"]).command }

  func run(_ output: CLIOutput) async -> Int32 {
    output.error(Self.placedSpec.helpText)
    return MessagevisorCLI.usageStatus
  }
}
