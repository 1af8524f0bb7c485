import CommandLineKit
import MessagevisorProject

/// `messagevisor-swift examples`: the examples declared in messages and locales, evaluated.
struct ExamplesCommandLine: RunnableCommand {
  static let configuration = CommandConfiguration(
    "examples", summary: "Evaluate the examples declared in messages and locales",
    sections: [
      HelpSection(
        "Notes",
        """
        Examples carry no Node reference output (upstream computes it at run time), so each example is
        evaluated and printed; when it has expectedByRuntime.<runtime>, that value is checked.
        """)
    ],
    examples: [
      "messagevisor-swift examples --projectDirectoryPath=path/to/project --withIcuModule --normalizeSpaces",
      "messagevisor-swift examples --projectDirectoryPath=path/to/project --locale=nl-NL --json --pretty",
    ])

  @OptionGroup var project: ProjectOptions
  @Option(
    name: "target", value: "NAME",
    help: "Target whose datafile message examples use (default: swift)")
  var target: String?
  @Option(name: "locale", value: "LOCALE", help: "Only examples for this locale")
  var locale: String?
  @Flag(name: "json", help: "Print {locales: […], messages: […]} as JSON") var json: Bool
  @Flag(name: "pretty", help: "Pretty-print JSON") var pretty: Bool
  @Flag(name: "normalizeSpaces", help: "Compare with U+0020 = U+00A0 = U+202F")
  var normalizeSpaces: Bool
  @Option(
    name: "runtime", value: "KEYS", help: "expectedByRuntime keys to check against (default: linux)"
  )
  var runtime: String?

  func validate() throws(CommandLineError) { try project.checkSet() }

  /// Evaluates the examples of every set, in turn, when the project uses sets and no set is named.
  func run(_ output: CLIOutput) -> Int32 {
    project.commandOptions(target: target).runEverySet(output: output, headings: !json) {
      ExamplesCommand.run(self, project: $0, output: output)
    }
  }
}
