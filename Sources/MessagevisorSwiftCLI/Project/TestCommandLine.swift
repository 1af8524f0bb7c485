import CommandLineKit
import MessagevisorProject

/// `messagevisor-swift test`: the project's test specs through the Swift engine.
struct TestCommandLine: RunnableCommand {
  static let configuration = CommandConfiguration(
    "test", summary: "Run a project's test specs (tests/**/*.spec.yml) through the Swift engine",
    sections: [
      HelpSection(
        "Runtime policy",
        """
        Each assertion expects expectedByRuntime.<key> for the first --runtime key present, else
        expectedTranslation (Node 24 Intl). The default key is `linux`: Foundation on Linux uses
        ICU 76 / CLDR 46, which matches Node's output more often than Apple's `swift` key does
        (project-1 with ICU: 1,041 vs 990 of 1,084 assertions pass), so `swift` is not consulted
        unless you pass --runtime=linux,swift.
        """),
      HelpSection(
        "Output",
        """
        Ends with `Test specs: N passed, M failed` and `Assertions: N passed, M failed`.
        On a terminal, work longer than a second shows progress on standard error (never in
        pipes or with --json).
        """),
      HelpSection("Exit status", "0 every assertion passed · 1 anything failed · 2 usage error"),
    ],
    examples: [
      "messagevisor-swift test --projectDirectoryPath=path/to/project --withIcuModule --normalizeSpaces",
      "messagevisor-swift test --projectDirectoryPath=path/to/project --keyPattern='^auth' --onlyFailures",
      "messagevisor-swift test --projectDirectoryPath=path/to/project --json --pretty",
    ])

  @OptionGroup var project: ProjectOptions
  @Option(
    name: "target", value: "NAME",
    help: "Target for message assertions without one (default: swift)")
  var target: String?
  @Flag(name: "normalizeSpaces", help: "Treat U+0020, U+00A0 and U+202F as equal")
  var normalizeSpaces: Bool
  @Flag(name: "onlyFailures", help: "Print only failing specs and assertions")
  var onlyFailures: Bool
  @Option(
    name: "keyPattern", value: "REGEX",
    help: "Regex on the spec's message/segment/target/locale key")
  var keyPattern: String?
  @Option(name: "assertionPattern", value: "REGEX", help: "Regex on assertion descriptions")
  var assertionPattern: String?
  @Flag(name: "json", help: "Print results as JSON") var json: Bool
  @Flag(name: "pretty", help: "Pretty-print JSON output") var pretty: Bool
  @Option(
    name: "runtime", value: "KEYS",
    help: "expectedByRuntime keys to prefer, comma-separated (default: linux)")
  var runtime: String?
  @Option(name: "timeZone", value: "ZONE", help: "Default time zone of evaluations (default: UTC)")
  var timeZone: String?
  @Flag(name: "verbose", help: "Also print expected/actual of passing assertions")
  var verbose: Bool

  func validate() throws(CommandLineError) { try project.checkSet() }

  /// Runs the specs of every set, in turn, when the project uses sets and no set is named.
  func run(_ output: CLIOutput) -> Int32 {
    project.commandOptions(target: target).runEverySet(output: output, headings: !json) {
      TestCommand.run(self, project: $0, output: output)
    }
  }
}
