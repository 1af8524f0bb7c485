import CommandLineKit
import Foundation
import TestSupport
import Testing

@testable import MessagevisorSwiftCLI

/// Every command of `messagevisor-swift` is a command type: the words of its full name route to
/// it, and it runs with the program's context, so nothing dispatches on a command's name.
@Suite struct CommandRoutingTests {
  /// Every command with the words that lead to it (`["ota", "check"]`).
  static var commands: [(path: [String], spec: CommandSpec)] {
    MessagevisorCLI.program.allCommands.map { spec in
      (Array(spec.fullName.split(separator: " ").dropFirst().map(String.init)), spec)
    }
  }

  @Test func everyCommandRoutesToATypeThatRunsWithTheProgramsOutput() {
    for (path, spec) in Self.commands {
      let route = MessagevisorSwiftCommand.route(path)
      #expect(route.spec == spec, "\(spec.fullName)")
      #expect(route.arguments.isEmpty, "\(spec.fullName)")
      let runs =
        route.command is any RunnableCommand<CLIOutput>.Type
        || route.command is any AsyncRunnableCommand<CLIOutput>.Type
      #expect(runs, "\(spec.fullName) has no run(_: CLIOutput)")
    }
    #expect(Self.commands.count == 21)
  }

  @Test func helpNamesTheCommandItsWordsLeadTo() {
    let output = CLIOutput(capture: true)
    #expect(MessagevisorCLI.run(["help", "ota", "check"], output: output) == 0)
    #expect(output.standardOutput.hasPrefix("messagevisor-swift ota check — "))
    let top = CLIOutput(capture: true)
    #expect(MessagevisorCLI.run(["help"], output: top) == 0)
    #expect(top.standardOutput == MessagevisorCLI.usage + "\n")
  }

  @Test func aUsageErrorFoundWhileRunningNamesTheWholeCommand() {
    let project = TempProject()
    let output = CLIOutput(capture: true)
    let status = MessagevisorCLI.run(
      ["promote", "--projectDirectoryPath", project.path, "--to", "b"], output: output)
    #expect(status == 2)
    #expect(
      output.standardError == "error: missing --from SET; see messagevisor-swift promote --help\n")
  }

  @Test func otaCommandsWriteThroughTheCommandsOutput() async {
    let site = FixturePaths.packageRoot + "/Demo/ota"
    let output = CLIOutput(capture: true)
    #expect(await MessagevisorCLI.main(["ota", "validate", site], output: output) == 0)
    #expect(output.standardOutput.hasPrefix("site OK: "), "\(output.standardOutput)")
    let bare = CLIOutput(capture: true)
    #expect(await MessagevisorCLI.main(["ota"], output: bare) == 2)
    #expect(bare.standardError.hasPrefix("messagevisor-swift ota — "))
  }

  @Test func theHiddenOtaHelpPrintsOtasHelpUnderItsFullName() throws {
    guard let binary = HostileProjectCLITests.binary else { return }
    let result = try HostileProjectCLITests.run(binary, ["ota", "help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("messagevisor-swift ota — "))
    #expect(result.standardOutput.contains("Run `messagevisor-swift ota <command> --help`"))
  }
}
