import CommandLineKit
import MessagevisorProject

/// `messagevisor-swift` itself: the program's declaration (its subcommands, help texts and the
/// documentation options); run alone it prints the usage.
struct MessagevisorSwiftCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    "messagevisor-swift", summary: "a Node-free Messagevisor project toolchain",
    subcommands: [
      TestCommandLine.self, BuildCommandLine.self, LintCommandLine.self,
      ReadinessCommandLine.self, ReviewCommandLine.self, EvaluateCommandLine.self,
      BenchmarkCommandLine.self, ExamplesCommandLine.self, InitCommandLine.self,
      DiffCommandLine.self, PromoteCommandLine.self, ExportCommandLine.self,
      ImportCommandLine.self, OTACommandLine.self, HelpCommandLine.self,
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

  @OptionGroup var documentation: DocumentationOptions

  /// The man page or completion script asked for; else the usage (exit 1).
  func run(_ output: CLIOutput) -> Int32 {
    if let text = documentation.text(for: MessagevisorCLI.program, date: MessagevisorCLI.manDate) {
      output.line(String(text.dropLast()))
      return 0
    }
    output.line(MessagevisorCLI.usage)
    return 1
  }
}
