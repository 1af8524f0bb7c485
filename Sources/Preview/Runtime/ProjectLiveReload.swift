import Foundation
import Messagevisor
import MessagevisorLocking
import MessagevisorProject

/// Live editing: watches the project directory and, on every change, rebuilds the target's
/// datafiles (only what the edit touched, see `LiveProjectBuild`) and hands them to the
/// session, which updates the engine as for an OTA revision (`setDatafile` → `change` → resolve →
/// view). `wake` is called after each change so that a loop waiting for input redraws at once.
///
/// A file that no longer parses (or a project that no longer builds, or a directory that
/// disappeared) becomes an error diagnostic with file:line:column and a notice; the last good
/// datafiles stay on screen until the project builds again.
public final class ProjectLiveReload: Sendable {
  /// The incremental build the reloads go through.
  public let build: LiveProjectBuild
  /// The project directory.
  public let path: String
  let session: PreviewSession
  let wake: @Sendable () -> Void
  let watcher = Locked<ProjectWatcher?>(nil)
  let ready = DispatchSemaphore(value: 0)

  /// Starts watching `project` and rebuilding `target` for `session`.
  ///
  /// The first full build runs on a background thread (the session already shows the datafiles
  /// the launcher built); changes that arrive meanwhile wait for it.
  /// - Throws: `ProjectWatcherError` when the directory cannot be watched.
  public init(
    project: String, target: String, session: PreviewSession,
    options: ProjectWatcher.Options = ProjectWatcher.Options(),
    wake: @escaping @Sendable () -> Void = {}
  ) throws(ProjectWatcherError) {
    build = LiveProjectBuild(root: project, target: target)
    path = project
    self.session = session
    self.wake = wake
    let build = self.build
    let ready = self.ready
    let started = try ProjectWatcher(root: project, options: options) {
      [weak session] batch in
      ready.wait()
      ready.signal()
      guard let session else { return }
      Self.apply(build.update(batch), batch: batch, build: build, session: session, wake: wake)
    }
    watcher.withLock { $0 = started }
    Thread.detachNewThread { [session] in
      Self.apply(build.update(nil), batch: nil, build: build, session: session, wake: wake)
      ready.signal()
    }
  }

  deinit {
    stop()
  }

  /// Waits (at most `timeout` seconds) until the first full build is done; returns whether it is.
  @discardableResult
  public func waitUntilReady(timeout: Double = 30) -> Bool {
    guard ready.wait(timeout: .now() + timeout) == .success else { return false }
    ready.signal()
    return true
  }

  /// Stops watching.
  public func stop() {
    let current = watcher.withLock { value -> ProjectWatcher? in
      defer { value = nil }
      return value
    }
    current?.stop()
  }

  /// Applies one rebuild to the session and posts what went wrong or right. Screen files
  /// (`previews/`) are not part of the build: when one changed, the screens are read again.
  static func apply(
    _ result: LiveProjectBuild.Result, batch: ProjectChangeBatch?, build: LiveProjectBuild,
    session: PreviewSession, wake: @Sendable () -> Void
  ) {
    let screens =
      batch.map { batch in
        batch.rescan || batch.paths.contains { $0 == "previews" || $0.hasPrefix("previews/") }
      } ?? true
    if result.ignored && !screens { return }
    let inbox = session.inbox
    if batch?.rootRemoved == true {
      inbox.post(
        .failure("the project directory is gone: showing the last good content until it is back"))
    }
    for error in result.errors {
      inbox.post(.diagnostic(Self.entry(error)))
    }
    if let first = result.errors.first, batch?.rootRemoved != true {
      inbox.post(.failure("project: \(first.description) (showing the last good content)"))
    }
    let changed = result.update.map { !$0.changed.isEmpty || !$0.removed.isEmpty } ?? false
    if changed || (screens && result.errors.isEmpty), let model = build.project {
      let project = PreviewProjectLoader.project(
        model, path: build.root, target: build.target, datafiles: build.datafiles,
        locales: build.locales)
      // The first build (no batch) only gives the incremental build its baseline: when it found
      // what the session already shows (the launcher built the same files), nothing was edited
      // and nothing is reloaded or reported as reloaded.
      if batch != nil || !session.shows(project) {
        session.reloadEdited(project: project)
      }
    }
    if result.recovered {
      inbox.post(
        .diagnostic(
          DiagnosticEntry(
            id: 0, level: .info, code: "project_reloaded",
            message: "the project builds again: showing the edited content")))
    }
    for problem in batch?.problems ?? [] {
      inbox.post(
        .diagnostic(DiagnosticEntry(id: 0, level: .warn, code: "watch_problem", message: problem)))
    }
    wake()
  }

  /// A project error as the diagnostics panel shows it: `file:line:column: message`.
  static func entry(_ error: ProjectError) -> DiagnosticEntry {
    var details: [(key: String, value: String)] = [(key: "file", value: error.file)]
    if error.line > 0 { details.append((key: "line", value: "\(error.line)")) }
    if error.column > 0 { details.append((key: "column", value: "\(error.column)")) }
    return DiagnosticEntry(
      id: 0, level: .error, code: "project_error", message: error.description, details: details)
  }
}
