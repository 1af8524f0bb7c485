import Foundation
import Messagevisor
import MessagevisorLocking

/// One target of a project kept built while its files change: a ``ProjectSourceCache`` and an
/// ``IncrementalTargetBuild`` behind one lock, fed with ``ProjectChangeBatch``es (from a
/// ``ProjectWatcher``). Safe to use from any thread; updates run one at a time.
///
/// When an update fails (a file no longer parses, a cross-check fails, the directory is gone),
/// the errors are returned and the last good datafiles stay in ``datafiles``.
public final class LiveProjectBuild: Sendable {
  /// What one update did.
  public struct Result: Sendable, Equatable {
    /// The datafiles that changed (`nil` when nothing changed or the update failed).
    public var update: IncrementalTargetBuild.Update?
    /// What to fix, file:line:column (empty when the project built).
    public var errors: [ProjectError]
    /// The files read and parsed.
    public var parsedFiles: [String]
    /// Whether the previous update had failed and this one built again.
    public var recovered: Bool
    /// Whether the batch named nothing the project is made of (nothing was read).
    public var ignored: Bool
    /// The messages this update changed, when it changed nothing else: only message files
    /// were edited and every built locale was patched (what a viewer of the datafiles may
    /// refresh instead of starting over); `nil` when anything may have changed (a first build,
    /// a locale, segment, target or config edit, a recovery from a failure).
    public var changedMessages: Set<String>? = nil
  }

  /// The built side; the cache is behind a lock of its own (``sources``), so that reading the
  /// datafiles or building a pending locale does not wait while an update reads files.
  struct State {
    var build: IncrementalTargetBuild
    var failing = false
    var project: Project?
  }

  /// The project root.
  public let root: String
  /// The target kept built.
  public let target: String
  /// The set read (`sets/<set>/`), when the project uses sets.
  public let set: String?
  /// Whether a project without targets gets ``target`` as an implicit target of every message
  /// and locale (``Project/implicitTarget(named:)``), as the CLI does.
  public let implicitTarget: Bool
  private let state: Locked<State>
  /// Held for a whole update (taken before ``state``): one update at a time.
  private let sources: Locked<ProjectSourceCache>

  /// Creates the build; nothing is read until the first ``update(_:)`` (pass `nil` to load all).
  public convenience init(root: String, target: String, set: String? = nil, revision: String = "") {
    self.init(root: root, target: target, set: set, revision: revision, implicitTarget: false)
  }

  /// Creates the build as ``init(root:target:set:revision:)`` does; with `implicitTarget`, a
  /// project that has no targets is built as if it had `target` with every message and locale.
  public init(
    root: String, target: String, set: String?, revision: String = "", implicitTarget: Bool
  ) {
    self.root = root
    self.target = target
    self.set = set
    self.implicitTarget = implicitTarget
    sources = Locked(ProjectSourceCache(root: root, set: set))
    state = Locked(State(build: IncrementalTargetBuild(target: target, revision: revision)))
  }

  /// A build of `target` that takes over `cache`, which has just loaded the project (`outcome`
  /// is what its load found), and builds the datafiles from it: what a program that loads a
  /// project once, chooses a target from it and then keeps it built needs (the files are not
  /// read twice). Later ``update(_:)``s re-read only what changed.
  public static func adopting(
    _ cache: ProjectSourceCache, loaded outcome: ProjectSourceCache.Outcome, target: String,
    revision: String = "", implicitTarget: Bool
  ) -> (build: LiveProjectBuild, result: Result) {
    adopting(
      cache, loaded: outcome, target: target, revision: revision, implicitTarget: implicitTarget,
      building: nil)
  }

  /// ``adopting(_:loaded:target:revision:implicitTarget:)`` that builds, of the target's
  /// locales, only those in `building` (`nil`: all); the others wait in ``pendingLocales`` for
  /// ``buildPending(_:)``.
  public static func adopting(
    _ cache: ProjectSourceCache, loaded outcome: ProjectSourceCache.Outcome, target: String,
    revision: String = "", implicitTarget: Bool, building: Set<String>?
  ) -> (build: LiveProjectBuild, result: Result) {
    let build = LiveProjectBuild(
      root: cache.root, target: target, set: cache.set, revision: revision,
      implicitTarget: implicitTarget)
    let result = build.sources.withLock { sources -> Result in
      sources = cache
      return build.state.withLock { build.apply(outcome, to: &$0, building: building) }
    }
    return (build, result)
  }

  /// The target's locales not built yet, in its order (see ``buildPending(_:)``).
  public var pendingLocales: [String] { state.withLock { $0.build.pendingLocales } }

  /// Builds the pending locales among `locales` from the last good project (on every core) and
  /// keeps them with the other datafiles; ``Result/update`` names the locales built and
  /// ``Result/errors`` says why a locale did not build (it stays pending). Edits wait meanwhile,
  /// so build a few locales per call when edits should not wait long.
  public func buildPending(_ locales: [String]) -> Result {
    state.withLock { state -> Result in
      var result = Result(
        update: nil, errors: [], parsedFiles: [], recovered: false, ignored: false)
      do {
        result.update = try state.build.buildPending(locales)
      } catch let error as ProjectError {
        result.errors = [error]
      } catch {
        result.errors = [ProjectError(file: target, message: "\(error)")]
      }
      return result
    }
  }

  /// The last good datafiles by locale.
  public var datafiles: [String: DatafileContent] { state.withLock { $0.build.datafiles } }

  /// The project as of the last good update (`nil` before the first).
  public var project: Project? { state.withLock { $0.project } }

  /// The target's locales, in its order, as of the last good update.
  public var locales: [String] { state.withLock { $0.build.locales } }

  /// Re-reads what `changes` names (everything, when `nil`) and rebuilds what it touched.
  public func update(_ changes: ProjectChangeBatch?) -> Result {
    sources.withLock { cache -> Result in
      var result = Result(
        update: nil, errors: [], parsedFiles: [], recovered: false, ignored: false)
      if let changes, !changes.rescan, !changes.rootRemoved, cache.loadedOnce,
        !changes.paths.contains(where: cache.isRelevant)
      {
        result.ignored = true
        return result
      }
      // Reading the files does not hold the built side: pending locales build meanwhile.
      let outcome = cache.load(changes: changes)
      return state.withLock { apply(outcome, to: &$0) }
    }
  }

  /// Builds what a load of the cache found (`outcome`) into `state`.
  private func apply(
    _ outcome: ProjectSourceCache.Outcome, to state: inout State, building: Set<String>? = nil
  ) -> Result {
    var result = Result(
      update: nil, errors: [], parsedFiles: outcome.parsedFiles, recovered: false, ignored: false)
    guard var project = outcome.project else {
      result.errors = outcome.errors
      state.failing = true
      return result
    }
    if implicitTarget && project.targets.isEmpty {
      project = project.addingImplicitTarget(named: target)
    }
    let changed: Set<String>? =
      outcome.structuralChange || state.failing ? nil : outcome.changedMessages
    do {
      result.update = try state.build.update(
        project: project, changedMessages: changed, building: building)
    } catch let error as ProjectError {
      result.errors = [error]
    } catch {
      result.errors = [ProjectError(file: target, message: "\(error)")]
    }
    if result.errors.isEmpty {
      state.project = project
      if let changed, let update = result.update, update.rebuilt.isEmpty,
        update.removed.isEmpty
      {
        result.changedMessages = changed
      }
    }
    result.recovered = state.failing && result.errors.isEmpty
    state.failing = !result.errors.isEmpty
    return result
  }
}
