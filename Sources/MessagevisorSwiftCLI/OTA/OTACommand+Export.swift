import CommandLineKit
import Foundation
import ReRune

extension OTACommand {
  func export(_ command: OTAExportCommandLine) -> Int32 {
    let json = command.json
    for (name, value) in [("site", command.site), ("out", command.out)] where value?.isEmpty == true
    {
      printError("error: --\(name) needs a directory; see messagevisor-swift ota export --help")
      return 2
    }
    guard let site = command.site, let out = command.out else {
      printError(
        "error: both --site and --out are required; see messagevisor-swift ota export --help")
      return 2
    }
    do {
      let report = try ReRuneSiteExporter.export(
        site: URL(fileURLWithPath: site, isDirectory: true),
        to: URL(fileURLWithPath: out, isDirectory: true))
      if json {
        print(
          Self.jsonText([
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
        print(Self.jsonText(["output": out, "problems": error.problems]))
      } else {
        for problem in error.problems { printError("problem: \(problem)") }
        printError("error: nothing exported (\(error.problems.count) problem(s))")
      }
      return 1
    }
  }
}
