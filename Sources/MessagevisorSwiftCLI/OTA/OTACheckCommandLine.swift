import CommandLineKit
import MessagevisorProject

/// `messagevisor-swift ota check`: one update check, as an app runs it.
struct OTACheckCommandLine: AsyncRunnableCommand {
  static let configuration = CommandConfiguration(
    "check", summary: "Run one ReRune OTA update check and print the result.",
    discussion: """
      Runs one update check exactly like an app would (strict manifest, If-None-Match with cached ETags,
      soft locale failures) and prints the status, updated locales, revision, per-locale outcome and errors.
      On a terminal, a check longer than a second shows progress on standard error (never in pipes or
      with --json).
      """,
    usage: ["(--site DIR | --base-url URL --publish-id ID) [options]"],
    sections: [
      HelpSection(
        "Exit status",
        """
        0  updated or noChange (locales that failed softly are listed with their reason)
        1  the check failed: the manifest could not be fetched, parsed or used (nothing changed)
        2  usage error
        3  every locale payload of the manifest failed (nothing was fetched or revalidated),
           including a 304 Not Modified to a payload request that carried no If-None-Match
        4  the check ran, but the cache could not store all of it (a --cache that is not a
           directory, a full disk, a permission): listed as "cache problem:" lines and as
           "cacheProblems" in --json; a restart will not find what was not stored
        """),
      HelpSection(
        "Files",
        """
        Cache: $XDG_DATA_HOME/ReRune/<sha256 of the publish id> (else ~/.local/share/ReRune/…),
        or --cache DIR; a local site's publish id defaults to local-site:<absolute path>.
        A cache may be shared by several processes (an app, its extension, this command, the
        previewer): they take turns through flock on DIR/.lock.
        """),
    ],
    examples: [
      "messagevisor-swift ota check --site Demo/ota --cache /tmp/ota-cache",
      "messagevisor-swift ota check --base-url http://127.0.0.1:8080/api --publish-id demo --locale de,fr",
      "messagevisor-swift ota check --site Demo/ota --no-cache --json | jq .status",
    ])

  @Option(name: "site", value: "DIR", kind: .directory, help: OTAOptionHelp.site)
  var site: String?
  @Option(
    name: "base-url", value: "URL",
    help: "API base URL (manifest at <URL>/sdk/translations/manifest?platform=ios_xcstrings).")
  var baseURL: String?
  @Option(name: "publish-id", value: "ID", help: OTAOptionHelp.publishId) var publishId: String?
  @Option(name: "cache", value: "DIR", kind: .directory, help: OTAOptionHelp.cache)
  var cache: String?
  @Flag(name: "no-cache", help: "Do not read or write a cache (every locale is fetched in full).")
  var noCache: Bool
  @Option(
    name: "locale", value: "TAG",
    help: "Only report these locales (repeatable, or comma-separated).")
  var locales: [String]
  // Seconds as text: their errors are the command's own (a positive number of seconds).
  @Option(name: "timeout", value: "SECONDS", help: OTAOptionHelp.timeout) var timeout: String?
  @Option(
    name: "check-timeout", value: "SECONDS",
    help: "Deadline of the whole check, manifest and payloads (default 30).")
  var checkTimeout: String?
  @Flag(name: "json", help: "Print the result as JSON.") var json: Bool

  func run(_ output: CLIOutput) async -> Int32 { await OTACommand(output: output).check(self) }
}
