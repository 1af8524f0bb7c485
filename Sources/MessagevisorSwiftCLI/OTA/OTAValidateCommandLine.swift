import CommandLineKit
import MessagevisorProject

/// `messagevisor-swift ota validate SITE`: every problem of a local OTA site.
struct OTAValidateCommandLine: AsyncRunnableCommand {
  static let configuration = CommandConfiguration(
    "validate", summary: "Validate a local OTA site directory (manifest + payloads).",
    discussion: """
      Checks a local OTA site: the manifest parses strictly (integer versions, keyed locales, optional url),
      every locale key is safe, every payload URL is a relative path inside the site that resolves (after
      symlinks) to a regular file inside the site within the size limit, every payload exists,
      parses as a String Catalog (all format specifiers and plural rules valid) and has a localization for
      its locale. Lists every problem.
      """,
    sections: [
      HelpSection("Exit status", "0 when there are no problems, 1 otherwise, 2 usage error.")
    ],
    examples: [
      "messagevisor-swift ota validate Demo/ota",
      "messagevisor-swift ota validate /srv/ota --json",
    ])

  @Flag(name: "json", help: "Print the report as JSON.") var json: Bool
  @Argument(name: "SITE", help: "The local OTA site directory.", kind: .directory)
  var site = ""

  func run(_ output: CLIOutput) async -> Int32 { OTACommand(output: output).validate(self) }
}
