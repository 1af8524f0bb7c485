import CommandLineKit
import MessagevisorProject

/// `messagevisor-swift evaluate`: one message (or raw ICU message) for a target and locale.
struct EvaluateCommandLine: RunnableCommand {
  static let configuration = CommandConfiguration(
    "evaluate", summary: "Translate one message (or raw ICU message) for a target and locale",
    sections: [
      HelpSection(
        "Exit status", "0 translated · 1 project, locale, message or value error · 2 usage error")
    ],
    examples: [
      "messagevisor-swift evaluate --projectDirectoryPath=path/to/project --target=swift --locale=en-US --message=auth.signin",
      "messagevisor-swift evaluate --projectDirectoryPath=path/to/project --locale=nl-NL --message=cart.itemCount --values='{\"count\": 3}'",
      "messagevisor-swift evaluate --projectDirectoryPath=path/to/project --locale=en-US --rawMessage='{n, number, money}' --values='{\"n\": 12}'",
    ])

  @OptionGroup var evaluation: EvaluateOptions

  func validate() throws(CommandLineError) { try evaluation.project.checkSet() }

  func run(_ output: CLIOutput) -> Int32 {
    EvaluateCommand.run(evaluation, output: output)
  }
}
