import Foundation
import Messagevisor

/// `messagevisor-swift build`.
enum BuildCommand {
  static let flags: [CommandArguments.Flag] =
    MessagevisorCLI.projectFlags + [
      .init("target", .value, help: "Build only this target"),
      .init("locale", .value, help: "Build only this locale"),
      .init("revision", .value, help: "Revision to write (default: previous REVISION + 1)"),
      .init("json", .bool, help: "Print newline-delimited JSON instead of writing files/state"),
      .init(
        "datafilesDirectoryPath", .value, help: "Output directory (default: <project>/datafiles)"),
    ]

  static let helpText = MessagevisorCLI.help(
    command: "build", summary: "build datafiles per target × locale", flags: flags,
    examples: [
      "messagevisor-swift build --projectDirectoryPath=path/to/project",
      "messagevisor-swift build --projectDirectoryPath=path/to/project --target=web --locale=en-US --json",
      "messagevisor-swift build --projectDirectoryPath=path/to/project --revision=42",
    ],
    notes: """
      Files are written to datafiles/[<target dirs>/]messagevisor-<targetLeaf>-<locale>.json and the
      revision to .messagevisor/REVISION. Keys are sorted, so builds are deterministic.
      """)

  static func run(_ arguments: [String], output: CLIOutput) -> Int32 {
    var exitCode: Int32 = 0
    guard
      let parsed = MessagevisorCLI.parse(
        arguments, flags: flags, helpText: helpText, output: output, exitCode: &exitCode)
    else { return exitCode }
    do {
      let project = try MessagevisorCLI.loadProject(parsed, output: output)
      let builder = DatafileBuilder(
        project: project, evaluatePredicate: EngineBridge.evaluatePredicate)
      let targets =
        try parsed["target"].map { [try builder.target($0).key] } ?? project.targets.keys.sorted()
      let stateDirectory = (project.rootPath as NSString).appendingPathComponent(".messagevisor")
      let revisionPath = (stateDirectory as NSString).appendingPathComponent(
        project.config.revisionFileName)
      let revision = parsed["revision"] ?? nextRevision(revisionPath)
      let outputDirectory =
        parsed["datafilesDirectoryPath"]
        ?? (project.rootPath as NSString).appendingPathComponent("datafiles")
      var count = 0
      for key in targets {
        let target = try builder.target(key)
        var locales = builder.locales(of: target)
        if let only = parsed["locale"] {
          guard locales.contains(only) else {
            throw ProjectError(
              file: target.file,
              message:
                "target \(key) does not build locale \(only) (it builds: \(locales.joined(separator: ", ")))"
            )
          }
          locales = [only]
        }
        for locale in locales {
          if !parsed.flag("json") {
            output.progress("build: \(key) \(locale)", done: count, total: 0)
          }
          let datafile = try builder.build(target: key, locale: locale, revision: revision)
          if parsed.flag("json") {
            output.json(JSONText.encode(datafile))
            continue
          }
          let path = (outputDirectory as NSString).appendingPathComponent(
            builder.relativeOutputPath(target: key, locale: locale))
          try write(JSONText.encode(datafile, pretty: target.pretty) + "\n", to: path)
          count += 1
        }
      }
      output.finishProgress()
      if !parsed.flag("json") {
        try write(revision + "\n", to: revisionPath)
        output.line("Built \(count) datafile(s) at revision \(revision) into \(outputDirectory)")
      }
      return 0
    } catch {
      output.finishProgress()
      output.error("error: \(error)")
      return 1
    }
  }

  /// Previous REVISION + 1 when numeric, kept as is otherwise, `1` when there is none.
  static func nextRevision(_ path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path) else { return "1" }
    let previous = String(decoding: data, as: UTF8.self).trimmingWhitespace()
    if let number = Int(previous) {
      let (next, overflow) = number.addingReportingOverflow(1)
      return overflow ? previous : String(next)
    }
    return previous.isEmpty ? "1" : previous
  }

  static func write(_ text: String, to path: String) throws(ProjectError) {
    do {
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw ProjectError(file: path, message: "cannot write: \(error.localizedDescription)")
    }
  }
}
