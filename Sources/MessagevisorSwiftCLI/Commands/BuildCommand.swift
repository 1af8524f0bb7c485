import CommandLineKit
import Foundation
import Messagevisor
import MessagevisorProject

/// `messagevisor-swift build`.
public enum BuildCommand {
  /// The options of a build.
  public struct Options: Sendable, Equatable {
    /// How the project is loaded (and `--target`: build only this target).
    public var project = ProjectCommandOptions()
    /// Build only this locale.
    public var locale: String?
    /// The revision to write (default: previous REVISION + 1).
    public var revision: String?
    /// Print newline-delimited JSON instead of writing files and state.
    public var json = false
    /// The output directory (default: `<project>/datafiles`).
    public var datafilesDirectoryPath: String?

    /// Creates options with every default.
    public init() {}
  }

  /// Builds datafiles per target × locale; returns the exit status (0 built, 1 failed).
  ///
  /// In a project that uses sets, every set is built (only ``ProjectCommandOptions/set`` when it
  /// names one), each into `<datafiles>/<set>/` with its own revision in
  /// `.messagevisor/<set>/<revision file>`.
  public static func run(_ options: Options, output: CLIOutput) -> Int32 {
    options.project.runEverySet(output: output, headings: false) { project in
      var setOptions = options
      setOptions.project = project
      return runSet(setOptions, output: output)
    }
  }

  /// Builds the datafiles of one set (or of a project without sets).
  static func runSet(_ options: Options, output: CLIOutput) -> Int32 {
    do {
      let project = try options.project.loadProject(output: output)
      let builder = DatafileBuilder(
        project: project, evaluatePredicate: EngineBridge.evaluatePredicate)
      let targets =
        try options.project.target.map { [try builder.target($0).key] }
        ?? project.targets.keys.sorted()
      if targets.isEmpty {
        output.error(
          "note: the project has no targets, so there is nothing to build; \(ProjectFormatGuide.noTargetsAdvice)"
        )
      }
      var stateDirectory = (project.rootPath as NSString).appendingPathComponent(".messagevisor")
      var outputDirectory =
        options.datafilesDirectoryPath
        ?? (project.rootPath as NSString).appendingPathComponent("datafiles")
      if let set = project.set {
        stateDirectory = (stateDirectory as NSString).appendingPathComponent(set)
        outputDirectory = (outputDirectory as NSString).appendingPathComponent(set)
      }
      let revisionPath = (stateDirectory as NSString).appendingPathComponent(
        project.config.revisionFileName)
      let revision = options.revision ?? nextRevision(revisionPath)
      var count = 0
      for key in targets {
        let target = try builder.target(key)
        var locales = builder.locales(of: target)
        if let only = options.locale {
          guard locales.contains(only) else {
            throw ProjectError(
              file: target.file,
              message:
                "target \(key) does not build locale \(only) (it builds: \(locales.joined(separator: ", ")))"
                + Suggestion.didYouMean(only, in: locales)
            )
          }
          locales = [only]
        }
        // Locales are built and encoded on every core, a few at a time (so that only their
        // texts are held), and written in order.
        for start in stride(from: 0, to: locales.count, by: DatafileBuilder.localesAtOnce) {
          let chunk = Array(
            locales[start..<min(start + DatafileBuilder.localesAtOnce, locales.count)])
          if !options.json {
            output.progress("build: \(key) \(chunk[0])", done: count, total: 0)
          }
          let texts = try builder.buildTexts(
            target: key, locales: chunk, revision: revision,
            pretty: options.json ? false : target.pretty)
          for (locale, text) in zip(chunk, texts) {
            if options.json {
              output.json(text)
              continue
            }
            let path = (outputDirectory as NSString).appendingPathComponent(
              builder.relativeOutputPath(target: key, locale: locale))
            try write(text + "\n", to: path)
            count += 1
          }
        }
      }
      output.finishProgress()
      if !options.json {
        try write(revision + "\n", to: revisionPath)
        let setLabel = project.set.map { " of set \($0)" } ?? ""
        output.line(
          "Built \(count) datafile(s)\(setLabel) at revision \(revision) into \(outputDirectory)")
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
    let previous = String(decoding: data, as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
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
