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
    /// The persistent build cache's directory (see ``BuildCacheStore``), used for a build of
    /// every target and locale; `nil` builds without it (`--no-cache`).
    public var cacheDirectory: String?
    /// How many entity files a project needs to be cached
    /// (``BuildCacheStore/defaultMinimumFiles`` unless chosen).
    public var cacheMinimumFiles = BuildCacheStore.defaultMinimumFiles

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
    let store = cacheStore(for: options)
    defer { if let warning = store?.warning { output.error("warning: \(warning)") } }
    do {
      if let store, let status = try rewriteUnchanged(options, store: store, output: output) {
        return status
      }
      let (project, cache) = try load(options, store: store, output: output)
      output.keepUntilExit((project, cache as Any))
      var products: DatafileProducts.Encoder? = cache == nil ? nil : DatafileProducts.Encoder()
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
      let places = Places(options, root: project.rootPath, set: project.set, config: project.config)
      let outputDirectory = places.output
      let revision = options.revision ?? nextRevision(places.revision)
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
          // With the cache, built with a placeholder revision that is cut out for the
          // products and replaced by the real one.
          let placeholder = products != nil && !target.revisionFromHash
          var texts = try builder.buildTexts(
            target: key, locales: chunk,
            revision: placeholder ? DatafileProducts.revisionPlaceholder : revision,
            pretty: options.json ? false : target.pretty)
          for (index, locale) in chunk.enumerated() {
            if options.json {
              output.json(texts[index])
              continue
            }
            let relative = builder.relativeOutputPath(target: key, locale: locale)
            let path = (outputDirectory as NSString).appendingPathComponent(relative)
            if products != nil {
              let file =
                placeholder
                ? DatafileProducts.file(
                  target: key, locale: locale, path: relative, text: texts[index])
                : DatafileProducts.File(
                  target: key, locale: locale, path: relative, fixedText: texts[index])
              if let file {
                try writeLine(file.text(revision: revision), to: path)
                products?.append(file)
                count += 1
                continue
              }
              products = nil
              texts[index] = try builder.buildTexts(
                target: key, locales: [locale], revision: revision, pretty: target.pretty)[0]
            }
            try writeLine(Array(texts[index].utf8), to: path)
            count += 1
          }
        }
      }
      output.finishProgress()
      if let store, let products, !products.isEmpty, let cache, cache.persists(in: store),
        let digest = cache.inputDigest
      {
        products.write(to: store, digest: digest)
      }
      if !options.json {
        try writeLine(Array(revision.utf8), to: places.revision)
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

  /// Writes `text` to `path` (atomically), creating its directory.
  static func write(_ text: String, to path: String) throws(ProjectError) {
    var data = Data(capacity: text.utf8.count)
    data.append(contentsOf: text.utf8)
    try write(data, to: path)
  }

  /// Writes `text` and a newline to `path` (atomically), creating its directory.
  static func writeLine(_ text: [UInt8], to path: String) throws(ProjectError) {
    var data = Data(capacity: text.count + 1)
    data.append(contentsOf: text)
    data.append(0x0A)
    try write(data, to: path)
  }

  static func write(_ data: Data, to path: String) throws(ProjectError) {
    do {
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw ProjectError(file: path, message: "cannot write: \(error.localizedDescription)")
    }
  }
}
