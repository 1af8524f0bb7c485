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
  /// The name of the target a project without targets is shown as: every message and locale,
  /// no context, as the CLI's implicit target.
  public static let implicitTarget = "swift"

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
    /// `--set` names no set of the project (the closest name, when one looks like a typo).
    case unknownSet(String, available: [String], suggestion: String?)

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
      case .unknownSet(let name, let available, let suggestion):
        return "unknown set \"\(name)\"" + (suggestion.map { " (did you mean \($0)?)" } ?? "")
          + "; this project's sets: \(available.joined(separator: ", ")) (pass --set NAME)"
      }
    }

    /// Whether the mistake is in the command line (exit 64) rather than the project (exit 65/66).
    public var isUsageError: Bool {
      switch self {
      case .unknownTarget, .ambiguousTarget, .unknownSet: return true
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
  /// default target) for each of its locales: every file parsed and every locale built on every
  /// core, once. The project keeps the build (``PreviewProject/liveBuild``) so that live editing
  /// goes on from it instead of loading the project again. With `buildCache`, the load starts
  /// from the persistent cache (only files whose bytes changed are parsed) and writes it back.
  ///
  /// With `lazyLocales`, only what the first frame shows is built: the locale `locale` names (as
  /// `--locale` matches it; the source locale when it is `nil` or matches none), the source
  /// locale (compare column, pseudo-locale) and the locale after the shown one in the target's
  /// order (where `l` goes; built on another core). The others wait in the build's
  /// `LiveProjectBuild/pendingLocales` (the session builds them in the background).
  public static func load(
    path: String, target requested: String?, set: String? = nil,
    buildCache: BuildCacheStore? = nil, lazyLocales: Bool = false, locale: String? = nil
  ) throws(Failure) -> PreviewProject {
    let cache = ProjectSourceCache(root: path, set: set)
    if let buildCache { cache.seed(from: buildCache) }
    let outcome = cache.load()
    if let buildCache { cache.save(to: buildCache) }
    guard let project = outcome.project else {
      let error =
        outcome.errors.first ?? ProjectError(file: path, message: "the project did not load")
      throw .project("cannot load the project at \(path): \(previewerAdvice(error.description))")
    }
    let target: String
    let implicit = project.targets.isEmpty && (requested == nil || requested == implicitTarget)
    if implicit {
      target = implicitTarget
    } else {
      target = try chooseTarget(requested, in: Array(project.targets.keys), path: path)
    }
    let first =
      lazyLocales
      ? firstLocales(
        of: implicit ? project.addingImplicitTarget(named: target) : project, target: target,
        requested: locale) : nil
    let (build, result) = LiveProjectBuild.adopting(
      cache, loaded: outcome, target: target, implicitTarget: implicit, building: first)
    guard result.errors.isEmpty, let built = build.project else {
      let error = result.errors.first.map(\.description) ?? "it did not build"
      throw .project("\(path): building target \(target): \(error)")
    }
    var shown = Self.project(
      built, path: path, target: target, datafiles: build.datafiles, locales: build.locales)
    shown.liveBuild = build
    return shown
  }

  /// The locales a lazy load builds first (see ``load(path:target:set:buildCache:lazyLocales:locale:)``),
  /// `nil` (all) when the target is unknown (the build then says why).
  static func firstLocales(of project: Project, target: String, requested: String?)
    -> Set<String>?
  {
    guard let definition = project.targets[target] else { return nil }
    let locales = DatafileBuilder(
      project: project, evaluatePredicate: EngineBridge.evaluatePredicate
    )
    .locales(of: definition)
    let source = sourceLocale(of: project, locales: locales)
    var first: Set<String> = [source]
    var shown = source
    if let requested, let match = try? StartupValues.locale(requested, loaded: locales) {
      shown = match.locale
    }
    first.insert(shown)
    // The locale `l` goes to next: the first key a user presses does not wait for its build.
    if let position = locales.firstIndex(of: shown), locales.count > 1 {
      first.insert(locales[(position + 1) % locales.count])
    }
    return first
  }

  /// The project's source locale: its config's `sourceLocale`, else `en-US` when the target
  /// has it, else the target's first locale (sorted).
  static func sourceLocale(of project: Project, locales: [String]) -> String {
    let sorted = locales.sorted()
    return project.config.sourceLocale
      ?? (sorted.contains("en-US") ? "en-US" : sorted.first ?? "en-US")
  }

  /// Loads the set `set` of the project at `path` showing `target` when the set has it, else
  /// the set's default target (switching sets keeps the target where it can).
  public static func load(path: String, keeping target: String?, set: String?)
    throws(Failure) -> PreviewProject
  {
    do {
      return try load(path: path, target: target, set: set)
    } catch .unknownTarget {
      return try load(path: path, target: nil, set: set)
    }
  }

  /// The previewer's view of a target already built into `datafiles`: the source locale, the
  /// screens read from `previews/` again, and the context attributes. Live editing uses it after
  /// each incremental rebuild.
  public static func project(
    _ project: Project, path: String, target: String, datafiles: [String: DatafileContent],
    locales: [String]
  ) -> PreviewProject {
    Self.project(
      project, path: path, target: target, datafiles: datafiles, locales: locales, screens: nil,
      attributes: nil, sets: nil)
  }

  /// ``project(_:path:target:datafiles:locales:)`` with the `screens`, `attributes` and `sets`
  /// already known (live editing keeps them across an edit of messages that cannot change
  /// them); each one that is `nil` is read or scanned as usual.
  static func project(
    _ project: Project, path: String, target: String, datafiles: [String: DatafileContent],
    locales: [String], screens knownScreens: ScreenCatalog?,
    attributes knownAttributes: [ContextAttribute]?,
    sets knownSets: [String]?
  ) -> PreviewProject {
    // The target's locales, built or not (a lazy load builds some later).
    let source = sourceLocale(of: project, locales: locales + datafiles.keys)
    let attributes = knownAttributes ?? ContextAttributeScanner.scan(project)
    var shown = PreviewProject(
      path: path, target: target, datafiles: datafiles, locales: locales, sourceLocale: source,
      screens: knownScreens ?? screens(path: path, set: project.set), attributes: attributes,
      defaultContext: ContextAttributeScanner.defaultContext(
        attributes, target: project.targets[target]),
      project: project)
    shown.set = project.set
    shown.sets =
      knownSets ?? (project.config.sets ? ProjectConfig.setNames(projectDirectory: path) : [])
    return shown
  }

  /// The screens of the project at `path` (of its set `set`): a set's own `previews/` wins,
  /// otherwise the project root's `previews/` serve every set.
  public static func screens(path: String, set: String?) -> ScreenCatalog {
    var previews = "previews"
    if let set,
      FileManager.default.fileExists(
        atPath: (path as NSString).appendingPathComponent("sets/\(set)/previews"))
    {
      previews = "sets/\(set)/previews"
    }
    let read = ScreenFileReader().readDirectory(
      (path as NSString).appendingPathComponent(previews), relativeTo: previews)
    return ScreenCatalog(screens: read.screens, errors: read.errors)
  }

  /// The sets of the project at `path` when its config enables them (`sets/<name>/`, sorted),
  /// else `nil` (also when the config cannot be read: loading the project then says why).
  public static func sets(path: String) -> [String]? {
    guard let config = try? ProjectConfig.load(directory: path), config.sets else { return nil }
    return ProjectConfig.setNames(projectDirectory: path)
  }

  /// The set to load: `requested` when the project has it; the first set (with a note saying so)
  /// when the project uses sets and none was requested; `nil` for a project without sets.
  /// - Throws: ``Failure/unknownSet(_:available:suggestion:)`` for a set the project does not
  ///   have (a usage error).
  public static func chooseSet(_ requested: String?, path: String) throws(Failure) -> (
    set: String?, note: String?
  ) {
    guard let available = sets(path: path), !available.isEmpty else { return (requested, nil) }
    guard let requested else {
      return (
        available[0],
        "this project uses sets: showing set \(available[0]) (sets: \(available.joined(separator: ", ")); S switches, --set NAME chooses)"
      )
    }
    guard available.contains(requested) else {
      throw .unknownSet(
        requested, available: available,
        suggestion: Suggestion.closest(to: requested, in: available))
    }
    return (requested, nil)
  }

  /// The target a project that does not load yet will be shown with, from the names of its
  /// target files (`targets/*.yml`, or the set's): as ``chooseTarget(_:in:path:)`` chooses, and
  /// the implicit target when there are none.
  public static func targetFromFiles(_ requested: String?, path: String, set: String?)
    throws(Failure) -> String
  {
    let directory = (path as NSString).appendingPathComponent(
      set.map { "sets/\($0)/targets" } ?? "targets")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    let names = Set(
      files.filter { name in
        !name.hasPrefix(".") && [".yml", ".yaml", ".json"].contains { name.hasSuffix($0) }
      }.map { ($0 as NSString).deletingPathExtension })
    if names.isEmpty && (requested == nil || requested == implicitTarget) { return implicitTarget }
    return try chooseTarget(requested, in: Array(names), path: path)
  }
}
