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
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw ProjectError(file: path, message: "project directory not found")
    }
    let resolvedConfig: ProjectConfig
    if let config {
      resolvedConfig = config
    } else {
      resolvedConfig = try ProjectConfig.load(directory: path)
    }
    var project = Project(rootPath: path, config: resolvedConfig, set: set)
    let base = try entityBase(path: path, config: resolvedConfig, set: set)
    var reader = EntityReader(root: path, config: resolvedConfig)
    for file in try reader.files(in: directory("attributes", base)) {
      let node = try reader.parse(file.path)
      project.attributes[file.key] = try reader.attribute(file, node)
    }
    for file in try reader.files(in: directory("locales", base)) {
      let node = try reader.parse(file.path)
      project.locales[file.key] = try reader.locale(file, node)
    }
    for file in try reader.files(in: directory("segments", base)) {
      let node = try reader.parse(file.path)
      project.segments[file.key] = try reader.segment(file, node)
    }
    for file in try reader.files(in: directory("messages", base)) {
      let node = try reader.parse(file.path)
      project.messages[file.key] = try reader.message(file, node)
    }
    for file in try reader.files(in: directory("targets", base)) {
      let node = try reader.parse(file.path)
      project.targets[file.key] = try reader.target(file, node)
    }
    for file in try reader.files(in: directory("tests", base), specs: true) {
      let node = try reader.parse(file.path)
      project.tests.append(try reader.testSpec(file, node))
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
      let setsDirectory = (path as NSString).appendingPathComponent("sets")
      let available =
        ((try? FileManager.default.contentsOfDirectory(atPath: setsDirectory)) ?? []).sorted()
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
          message: "unknown set \"\(set)\" (available: \(available.joined(separator: ", ")))")
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
          "not a Messagevisor project: none of \(entityDirectories.map { base + $0 + "/" }.joined(separator: ", ")) exists; pass --projectDirectoryPath=<project root>"
      )
    }
    return base
  }
}
