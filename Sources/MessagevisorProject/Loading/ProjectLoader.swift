import CommandLineKit
import Foundation
import Messagevisor

/// Loads and validates a project directory.
public struct ProjectLoader: Sendable {
  /// Attribute operators (value required unless exists/notExists).
  public static let attributeOperators: Set<String> = [
    "equals", "notEquals", "exists", "notExists", "greaterThan", "greaterThanOrEquals", "lessThan",
    "lessThanOrEquals", "contains", "notContains", "startsWith", "endsWith", "matches",
    "notMatches", "before", "after", "includes", "notIncludes", "in", "notIn",
  ]

  /// Maximum nesting of condition trees accepted in source files.
  public static let maxConditionDepth = 64

  /// Creates a loader.
  public init() {}

  /// Loads the project at `path`. `set` selects `sets/<set>/` when the config enables sets;
  /// `config` replaces the config file when given.
  public func load(path: String, set: String? = nil, config: ProjectConfig? = nil)
    throws(ProjectError) -> Project
  {
    let resolvedConfig = try checkedConfig(path: path, config: config)
    var reader = EntityReader(root: path, config: resolvedConfig)
    return try read(path: path, set: set, config: resolvedConfig, reader: &reader)
  }

  /// `config`, or the project's config file, once `path` is known to be a directory.
  func checkedConfig(path: String, config: ProjectConfig?) throws(ProjectError) -> ProjectConfig {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw ProjectError(file: path, message: "project directory not found")
    }
    if let config { return config }
    return try ProjectConfig.load(directory: path)
  }

  /// Loads the project at `path` as ``load(path:set:config:)`` does, but collects every problem
  /// instead of stopping at the first (what `lint` needs): an entity with a problem that leaves
  /// it unusable is skipped, one with an unknown field keeps its other fields.
  ///
  /// - Returns: The project (`nil` when the directory, config or set cannot be used at all) and
  ///   the problems in file order.
  public func loadCollectingProblems(
    path: String, set: String? = nil, config: ProjectConfig? = nil
  ) -> (project: Project?, problems: [ProjectError]) {
    let sink = ProblemSink()
    do throws(ProjectError) {
      let resolvedConfig = try checkedConfig(path: path, config: config)
      var reader = EntityReader(root: path, config: resolvedConfig, sink: sink)
      let project = try read(path: path, set: set, config: resolvedConfig, reader: &reader)
      return (project, sink.problems)
    } catch {
      return (nil, sink.problems + [error])
    }
  }

  func read(path: String, set: String?, config: ProjectConfig, reader: inout EntityReader)
    throws(ProjectError) -> Project
  {
    var project = Project(rootPath: path, config: config, set: set)
    let base = try entityBase(path: path, config: config, set: set)
    for file in try reader.files(in: directory("attributes", base)) {
      try reader.attempt { () throws(ProjectError) in
        let node = try reader.parse(file.path)
        project.attributes[file.key] = try reader.attribute(file, node)
      }
    }
    for file in try reader.files(in: directory("locales", base)) {
      try reader.attempt { () throws(ProjectError) in
        let node = try reader.parse(file.path)
        project.locales[file.key] = try reader.locale(file, node)
      }
    }
    for (file, parsed) in reader.parsed(try reader.files(in: directory("segments", base))) {
      let node: YAMLNode
      do { node = try parsed.get() } catch {
        try reader.report(error)
        continue
      }
      do { project.segments[file.key] = try reader.segment(file, node) } catch {
        try reader.report(error)
      }
    }
    for (file, parsed) in reader.parsed(try reader.files(in: directory("messages", base))) {
      let node: YAMLNode
      do { node = try parsed.get() } catch {
        try reader.report(error)
        continue
      }
      do { project.messages[file.key] = try reader.message(file, node) } catch {
        try reader.report(error)
      }
    }
    for file in try reader.files(in: directory("targets", base)) {
      try reader.attempt { () throws(ProjectError) in
        let node = try reader.parse(file.path)
        project.targets[file.key] = try reader.target(file, node)
      }
    }
    for file in try reader.files(in: directory("tests", base), specs: true) {
      try reader.attempt { () throws(ProjectError) in
        let node = try reader.parse(file.path)
        project.tests.append(try reader.testSpec(file, node))
      }
    }
    try reader.crossCheck(&project)
    return project
  }

  func directory(_ name: String, _ base: String) -> String {
    base + name
  }

  /// The entity kinds' directories, in load order.
  static let entityDirectories = [
    "attributes", "locales", "messages", "segments", "targets", "tests",
  ]

  /// Where entity directories live (`""` or `sets/<set>/`); checks the set and that `path` holds
  /// at least one entity directory.
  func entityBase(path: String, config resolvedConfig: ProjectConfig, set: String?)
    throws(ProjectError) -> String
  {
    var base = ""
    if resolvedConfig.sets {
      let available = ProjectConfig.setNames(projectDirectory: path)
      guard let set else {
        throw ProjectError(
          file: resolvedConfig.file ?? path,
          message:
            "this project uses sets; pass --set=<name> (available: \(available.joined(separator: ", ")))"
        )
      }
      guard available.contains(set) else {
        throw ProjectError(
          file: "sets/\(set)",
          message:
            "unknown set \"\(set)\" (available: \(available.joined(separator: ", ")))"
            + Suggestion.didYouMean(set, in: available))
      }
      base = "sets/\(set)/"
    }
    let entityDirectories = Self.entityDirectories
    guard
      entityDirectories.contains(where: {
        FileManager.default.fileExists(
          atPath: (path as NSString).appendingPathComponent(directory($0, base)))
      })
    else {
      throw ProjectError(
        file: path,
        message:
          "not a Messagevisor project: none of \(entityDirectories.map { base + $0 + "/" }.joined(separator: ", ")) exists; pass --projectDirectoryPath=<project root>, or create one with `messagevisor-swift init DIR` (the format: \(ProjectFormatGuide.document))"
      )
    }
    return base
  }
}
