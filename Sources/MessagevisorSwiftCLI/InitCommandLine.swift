import CommandLineKit
import Foundation
import MessagevisorProject

/// The declaration of `messagevisor-swift init` and its translation into ``InitCommand``.
enum InitCommandLine {
  /// `init [DIR]`.
  static let spec = CommandSpec(
    "init", summary: "Create a minimal project to start from",
    discussion: """
      Writes a project with two locales (en, nl), a message with a plural and an override for a
      segment, an attribute, a target, a preview screen and a test spec. It passes `test` and
      `lint` and opens in `messagevisor-preview --project DIR`.
      """,
    arguments: [
      CommandArgument(
        "DIR",
        help:
          "Where to create the project (default: the current directory); it must be empty or new",
        optional: true, kind: .directory)
    ],
    sections: [
      HelpSection(
        "Exit status",
        "0 created · 1 the directory is not empty or cannot be written · 2 usage error")
    ],
    examples: [
      "messagevisor-swift init my-strings",
      "messagevisor-swift test --projectDirectoryPath my-strings",
    ])

  /// Runs `init` with `parsed`.
  static func run(_ parsed: ParsedArguments, output: CLIOutput) throws(CommandLineError) -> Int32 {
    guard parsed.positional.count <= 1 else {
      throw CommandLineError(.unexpectedArgument(parsed.positional[1]), command: spec.fullName)
    }
    var options = InitCommand.Options()
    options.directoryPath = parsed.positional.first
    return InitCommand.run(options, output: output)
  }
}
