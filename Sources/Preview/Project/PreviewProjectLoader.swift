import CommandLineKit
import Foundation
import Messagevisor
import MessagevisorProject

/// Loads a Messagevisor project for the previewer: chooses the target, builds one datafile per
/// locale, reads `previews/*.yml` (or a set's `sets/<set>/previews/*.yml`) and collects the context
/// attributes.
public enum PreviewProjectLoader {
  /// The target chosen when a project has several and one of them is called this.
  public static let preferredTarget = "terminal"

  /// Why a project could not be used.
  public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The project did not load or build (the message names the file).
    case project(String)
    /// `--target` names no target of the project.
    case unknownTarget(String, available: [String])
    /// The project has several targets and none was chosen.
    case ambiguousTarget(available: [String])
    /// The project has no targets.
    case noTargets(String)

    /// A message naming the fix.
    public var description: String {
      switch self {
      case .project(let message): return message
      case .unknownTarget(let name, let available):
        return
          "unknown target \"\(name)\"\(Suggestion.didYouMean(name, in: available)); this project's targets: \(available.joined(separator: ", ")) (pass --target NAME)"
      case .ambiguousTarget(let available):
        return
          "this project has \(available.count) targets; choose one with --target NAME: \(available.joined(separator: ", "))"
      case .noTargets(let path):
        return "\(path): the project has no targets; \(ProjectFormatGuide.noTargetsAdvice)"
      }
    }

    /// Whether the mistake is in the command line (exit 64) rather than the project (exit 65/66).
    public var isUsageError: Bool {
      switch self {
      case .unknownTarget, .ambiguousTarget: return true
      default: return false
      }
    }
  }

  /// The target to show: `requested` when given (and present); the only target; `terminal`;
  /// otherwise an error listing the targets.
  public static func chooseTarget(_ requested: String?, in targets: [String], path: String)
    throws(Failure) -> String
  {
    let available = targets.sorted()
    if let requested {
      guard available.contains(requested) else {
        throw .unknownTarget(requested, available: available)
      }
      return requested
    }
    if available.count == 1 { return available[0] }
    if available.contains(preferredTarget) { return preferredTarget }
    if available.isEmpty { throw .noTargets(path) }
    throw .ambiguousTarget(available: available)
  }

  /// A loader message with the command-line advice spelt as the previewer's flags are
  /// (`--project DIR`, `--set NAME`) instead of `messagevisor-swift`'s.
  static func previewerAdvice(_ message: String) -> String {
    message
      .replacingOccurrences(of: "--projectDirectoryPath=<project root>", with: "--project DIR")
      .replacingOccurrences(of: "--set=<name>", with: "--set NAME")
  }

  /// Loads `path` (its set `set`, when the config enables sets) and builds `target` (or the
  /// default target) for each of its locales.
  public static func load(path: String, target requested: String?, set: String? = nil)
    throws(Failure) -> PreviewProject
  {
    let project: Project
    do {
      project = try ProjectLoader().load(path: path, set: set)
    } catch {
      throw .project("cannot load the project at \(path): \(previewerAdvice(error.description))")
    }
    let target = try chooseTarget(requested, in: Array(project.targets.keys), path: path)
    let builder = DatafileBuilder(
      project: project, evaluatePredicate: EngineBridge.evaluatePredicate)
    let definition: ProjectTarget
    do {
      definition = try builder.target(target)
    } catch {
      throw .project("\(path): \(error)")
    }
    var datafiles: [String: DatafileContent] = [:]
    let locales = builder.locales(of: definition)
    for locale in locales {
      do {
        datafiles[locale] = try builder.buildContent(target: target, locale: locale).content
      } catch {
        throw .project("\(path): building target \(target) for \(locale): \(error)")
      }
    }
    return Self.project(
      project, path: path, target: target, datafiles: datafiles, locales: locales)
  }

  /// The previewer's view of a target already built into `datafiles`: the source locale, the
  /// screens read from `previews/` again, and the context attributes. Live editing uses it after
  /// each incremental rebuild.
  public static func project(
    _ project: Project, path: String, target: String, datafiles: [String: DatafileContent],
    locales: [String]
  ) -> PreviewProject {
    let sorted = datafiles.keys.sorted()
    let source =
      project.config.sourceLocale
      ?? (sorted.contains("en-US") ? "en-US" : sorted.first ?? "en-US")
    // A set's own previews/ wins; otherwise the project root's previews/ serve every set.
    var previews = "previews"
    if let set = project.set,
      FileManager.default.fileExists(
        atPath: (path as NSString).appendingPathComponent("sets/\(set)/previews"))
    {
      previews = "sets/\(set)/previews"
    }
    let read = ScreenFileReader().readDirectory(
      (path as NSString).appendingPathComponent(previews), relativeTo: previews)
    let attributes = ContextAttributeScanner.scan(project)
    return PreviewProject(
      path: path, target: target, datafiles: datafiles, locales: locales, sourceLocale: source,
      screens: ScreenCatalog(screens: read.screens, errors: read.errors), attributes: attributes,
      defaultContext: ContextAttributeScanner.defaultContext(
        attributes, target: project.targets[target]),
      project: project)
  }
}
