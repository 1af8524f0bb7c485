import CommandLineKit
import MessagevisorProject

/// `messagevisor-swift ota export`: a local site as static files for any web server.
struct OTAExportCommandLine: AsyncRunnableCommand {
  static let configuration = CommandConfiguration(
    "export",
    summary: "Write a local site as static files for any web server, object store or CDN.",
    discussion: """
      Writes the static files that answer the ReRune endpoints when OUT is served at a base URL by any
      static host, object store or CDN:

        OUT/sdk/translations/manifest                 GET <base>/sdk/translations/manifest?platform=ios_xcstrings
        OUT/sdk/translations/ios_xcstrings/<locale>   GET <base>/sdk/translations/ios_xcstrings/<locale>

      The site is validated first (as `ota validate`); with any problem nothing is written. Files are
      replaced atomically, payloads before the manifest, and payloads of locales the manifest no longer
      lists are removed last, so a server never serves a half-written export. Serve both paths with
      Content-Type application/json; clients revalidate with the server's ETags (If-None-Match → 304).
      """,
    usage: ["--site DIR --out OUT [--json]"],
    sections: [
      HelpSection(
        "Exit status",
        "0 exported, 1 the site has problems or a file could not be written, 2 usage errors.")
    ],
    examples: [
      "messagevisor-swift ota export --site Demo/ota --out /srv/www/ota",
      "aws s3 sync OUT/sdk/translations/ios_xcstrings s3://bucket/api/sdk/translations/ios_xcstrings \\",
      "  --content-type application/json && aws s3 cp OUT/sdk/translations/manifest \\",
      "  s3://bucket/api/sdk/translations/manifest --content-type application/json",
    ])

  @Option(
    name: "site", value: "DIR", kind: .directory,
    help: "The local OTA site (manifest.json + .xcstrings payloads).")
  var site: String?
  @Option(
    name: "out", value: "OUT", kind: .directory,
    help: "The output directory (created when missing; must not contain or lie in the site).")
  var out: String?
  @Flag(name: "json", help: "Print the result as JSON.") var json: Bool

  func run(_ output: CLIOutput) async -> Int32 { OTACommand(output: output).export(self) }
}
