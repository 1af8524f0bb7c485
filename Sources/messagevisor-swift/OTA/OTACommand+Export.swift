import Foundation
import ReRune

extension OTACommand {
  static let exportUsage = """
    USAGE: messagevisor-swift ota export --site DIR --out OUT [--json]

    Writes the static files that answer the ReRune endpoints when OUT is served at a base URL by any
    static host, object store or CDN:

      OUT/sdk/translations/manifest                 GET <base>/sdk/translations/manifest?platform=ios_xcstrings
      OUT/sdk/translations/ios_xcstrings/<locale>   GET <base>/sdk/translations/ios_xcstrings/<locale>

    The site is validated first (as `ota validate`); with any problem nothing is written. Files are
    replaced atomically, payloads before the manifest, and payloads of locales the manifest no longer
    lists are removed last, so a server never serves a half-written export. Serve both paths with
    Content-Type application/json; clients revalidate with the server's ETags (If-None-Match → 304).
    Exit status: 0 exported, 1 the site has problems or a file could not be written, 2 usage errors.

    Options:
      --site DIR    The local OTA site (manifest.json + .xcstrings payloads).
      --out OUT     The output directory (created when missing; must not contain or lie in the site).
      --json        Print the result as JSON.
      -h, --help    Show this help.

    Examples:
      messagevisor-swift ota export --site Demo/ota --out /srv/www/ota
      aws s3 sync OUT/sdk/translations/ios_xcstrings s3://bucket/api/sdk/translations/ios_xcstrings \\
        --content-type application/json && aws s3 cp OUT/sdk/translations/manifest \\
        s3://bucket/api/sdk/translations/manifest --content-type application/json
    """

  static func export(_ arguments: [String]) -> Int32 {
    var site: String?
    var out: String?
    var json = false
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      var flag = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        flag = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      func value() -> String? {
        if let inline { return inline }
        guard index < arguments.count else { return nil }
        index += 1
        return arguments[index - 1]
      }
      switch flag {
      case "-h", "--help":
        print(exportUsage)
        return 0
      case "--site", "--out":
        guard let text = value(), !text.isEmpty else {
          printError("error: \(flag) needs a directory\n\n\(exportUsage)")
          return 2
        }
        if flag == "--site" { site = text } else { out = text }
      case "--json": json = true
      default:
        printError("error: unexpected argument '\(argument)'\n\n\(exportUsage)")
        return 2
      }
    }
    guard let site, let out else {
      printError("error: both --site and --out are required\n\n\(exportUsage)")
      return 2
    }
    do {
      let report = try ReRuneSiteExporter.export(
        site: URL(fileURLWithPath: site, isDirectory: true),
        to: URL(fileURLWithPath: out, isDirectory: true))
      if json {
        print(
          jsonText([
            "output": report.output, "revision": report.revision, "locales": report.locales,
            "removed": report.removed,
          ]))
      } else {
        print(
          "exported revision \(report.revision): \(report.locales.count) locale(s) to \(report.output)/sdk/translations"
        )
        if !report.removed.isEmpty {
          print(
            "removed payloads no longer in the manifest: \(report.removed.joined(separator: ", "))")
        }
      }
      return 0
    } catch {
      if json {
        print(jsonText(["output": out, "problems": error.problems]))
      } else {
        for problem in error.problems { printError("problem: \(problem)") }
        printError("error: nothing exported (\(error.problems.count) problem(s))")
      }
      return 1
    }
  }
}
