import CommandLineKit
import MessagevisorProject

/// `messagevisor-swift init [DIR]`: a minimal project to start from.
struct InitCommandLine: RunnableCommand {
  static let configuration = CommandConfiguration(
    "init", summary: "Create a minimal project to start from",
    discussion: """
      Writes a project with two locales (en, nl), a message with a plural and an override for a
      segment, an attribute, a target, a preview screen and a test spec. It passes `test` and
      `lint` and opens in `messagevisor-preview --project DIR`.
      """,
    sections: [
      HelpSection(
        "Exit status",
        "0 created · 1 the directory is not empty or cannot be written · 2 usage error")
    ],
    examples: [
      "messagevisor-swift init my-strings",
      "messagevisor-swift test --projectDirectoryPath my-strings",
    ])

  @Argument(
    name: "DIR",
    help: "Where to create the project (default: the current directory); it must be empty or new",
    kind: .directory)
  var directory: String?

  func run(_ output: CLIOutput) -> Int32 { InitCommand.run(self, output: output) }
}
