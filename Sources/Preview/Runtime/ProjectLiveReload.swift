import Foundation
import Messagevisor
import MessagevisorLocking
import MessagevisorProject
import MessagevisorSystem

/// Live editing: watches the project directory and, on every change, rebuilds the target's
/// datafiles (only what the edit touched, see `LiveProjectBuild`) and hands them to the
/// session, which updates the engine as for an OTA revision (`setDatafile` → `change` → resolve →
/// view). `wake` is called after each change so that a loop waiting for input redraws at once.
///
/// A file that no longer parses (or a project that no longer builds, or a directory that
/// disappeared) becomes an error diagnostic with file:line:column and a notice; the last good
/// datafiles stay on screen until the project builds again.
public final class ProjectLiveReload: Sendable {
  /// The incremental build the reloads go through (a new one after each set switch).
  public var build: LiveProjectBuild { builds.withLock { $0 } }
  /// The project directory.
  public let path: String
  let builds: Locked<LiveProjectBuild>
  let session: PreviewSession
  let wake: @Sendable () -> Void
  let watcher = Locked<ProjectWatcher?>(nil)
  let ready = DispatchSemaphore(value: 0)
  /// The failure notices posted since the project last built (cleared from the status bar when
  /// it builds again).
  let notices = Locked<[String]>([])

  /// Starts watching `project` and rebuilding `target` (of `set`, for a project with sets) for
  /// `session`; with `implicitTarget`, a project without targets is built as `target` with every
  /// message and locale. The session's set switches (`S`) go through ``switchSet(_:)``.
  ///
  /// The first full build runs on a background thread (the session already shows the datafiles
  /// the launcher built, or nothing when the project did not build at start: its errors are then
  /// posted and the first build that succeeds is shown); changes that arrive meanwhile wait for it.
  /// With `loaded` (the build the launcher loaded the project with,
  /// ``PreviewProject/liveBuild``), that first build only checks which files changed since the
  /// launcher read them (their stamps) instead of reading the project again, as background work
  /// (a lower priority, pausing while a key's frame is made: see `ForegroundWork`).
  /// - Throws: `ProjectWatcherError` when the directory cannot be watched.
  public init(
    project: String, target: String, set: String? = nil, implicitTarget: Bool = false,
    loaded: LiveProjectBuild? = nil,
    session: PreviewSession, options: ProjectWatcher.Options = ProjectWatcher.Options(),
    wake: @escaping @Sendable () -> Void = {}
  ) throws(ProjectWatcherError) {
    let build =
      loaded.flatMap { loaded in
        loaded.root == project && loaded.target == target && loaded.set == set
          && loaded.implicitTarget == implicitTarget ? loaded : nil
      }
      ?? LiveProjectBuild(root: project, target: target, set: set, implicitTarget: implicitTarget)
    builds = Locked(build)
    path = project
    self.session = session
    self.wake = wake
    let builds = self.builds
    let ready = self.ready
    let notices = self.notices
    let started = try ProjectWatcher(root: project, options: options) {
      [weak session] batch in
      ready.wait()
      ready.signal()
      guard let session else { return }
      // A lint run of the project as it was would only compete with the rebuild for the cores:
      // it stops, and the reload lints the edited project (or, without one, it runs again).
      let stopped = session.stopLint()
      let build = builds.withLock { $0 }
      let result = build.update(batch)
      // A set switch replaced the build meanwhile: the old set is no longer on display.
      guard builds.withLock({ $0 }) === build else {
        if stopped { session.startLint() }
        return
      }
      let reloaded = Self.apply(
        result, batch: batch, build: build, session: session, notices: notices, wake: wake)
      if stopped && !reloaded { session.startLint() }
    }
    watcher.withLock { $0 = started }
    let first: @Sendable () -> Void = { [session] in
      Self.apply(
        build.update(nil), batch: nil, build: build, session: session, notices: notices, wake: wake)
      ready.signal()
    }
    if build === loaded {
      // Only a check of what changed since the launcher read the files (every file's stamp):
      // background work, which steps aside for the keys a user presses meanwhile.
      BackgroundQueue(label: "messagevisor-preview.first-check").async(first)
    } else {
      // The project's first build: what the screen waits for.
      Thread.detachNewThread(first)
    }
    session.onSwitchSet { [weak self] name in self?.switchSet(name) }
  }

  /// Shows the set `name`: builds it whole on a background thread (keeping the target when the
  /// set has one of that name) and swaps it in; edits from now on are rebuilt for that set. A set
  /// that does not build is reported (the shown set stays until it builds).
  public func switchSet(_ name: String) {
    let current = build
    let target =
      (try? PreviewProjectLoader.targetFromFiles(current.target, path: path, set: name))
      ?? (try? PreviewProjectLoader.targetFromFiles(nil, path: path, set: name)) ?? current.target
    let next = LiveProjectBuild(
      root: path, target: target, set: name, implicitTarget: current.implicitTarget)
    let session = session
    let notices = notices
    let wake = wake
    let builds = builds
    // Edits from now on go to the new set's build (they wait for its first load).
    builds.withLock { $0 = next }
    Thread.detachNewThread {
      let result = next.update(nil)
      // A later switch wins, whichever build finishes first.
      guard builds.withLock({ $0 }) === next else { return }
      guard result.errors.isEmpty, let model = next.project else {
        let reason = result.errors.first?.description ?? "it did not build"
        let notice = "cannot show set \(name) until it builds: \(reason)"
        notices.withLock { $0.append(notice) }
        session.inbox.post(.failure(notice))
        for error in result.errors { session.inbox.post(.diagnostic(Self.entry(error))) }
        wake()
        return
      }
      var project = PreviewProjectLoader.project(
        model, path: next.root, target: next.target, datafiles: next.datafiles,
        locales: next.locales)
      project.liveBuild = next
      session.reload(project: project)
      session.inbox.post(.failureResolved(PreviewUpdate.switchingNotice(name)))
      for notice in notices.withLock({ list in
        defer { list = [] }
        return list
      }) {
        session.inbox.post(.failureResolved(notice))
      }
      wake()
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
    session.onSwitchSet(nil)
    let current = watcher.withLock { value -> ProjectWatcher? in
      defer { value = nil }
      return value
    }
    current?.stop()
  }

  /// Applies one rebuild to the session and posts what went wrong or right; returns whether the
  /// session reloaded the project. Screen files (`previews/`) are not part of the build: when
  /// one changed, the screens are read again.
  @discardableResult
  static func apply(
    _ result: LiveProjectBuild.Result, batch: ProjectChangeBatch?, build: LiveProjectBuild,
    session: PreviewSession, notices: Locked<[String]>, wake: @Sendable () -> Void
  ) -> Bool {
    let screens =
      batch.map { batch in
        batch.rescan || batch.paths.contains { $0 == "previews" || $0.hasPrefix("previews/") }
      } ?? true
    if result.ignored && !screens { return false }
    var reloaded = false
    let inbox = session.inbox
    func fail(_ notice: String) {
      notices.withLock { $0.append(notice) }
      inbox.post(.failure(notice))
    }
    // Nothing shown yet: the project did not build when the previewer started.
    let waiting = build.project == nil
    if batch?.rootRemoved == true {
      fail("the project directory is gone: showing the last good content until it is back")
    }
    for error in result.errors {
      inbox.post(.diagnostic(Self.entry(error)))
    }
    if let first = result.errors.first, batch?.rootRemoved != true {
      fail(
        waiting
          ? "waiting for a fix, the project does not build: \(first.description)"
          : "project: \(first.description) (showing the last good content)")
    }
    let changed = result.update.map { !$0.changed.isEmpty || !$0.removed.isEmpty } ?? false
    let rebuilt = changed || (screens && result.errors.isEmpty)
    // Attributes, segments, targets or the config changed without changing a datafile: the
    // context controls may still have changed (a new attribute, a value a segment compares with).
    let other = !rebuilt && result.errors.isEmpty && !result.ignored
    if rebuilt || other, let model = build.project {
      // An edit of messages only: what the session shows of the rest of the project stays.
      let edit = batch == nil || screens ? nil : Self.edit(result)
      var project =
        edit.flatMap { edit in
          Self.editedProject(
            model, build: build, messages: edit.messages, shown: session.currentSources)
        }
        ?? PreviewProjectLoader.project(
          model, path: build.root, target: build.target, datafiles: build.datafiles,
          locales: build.locales)
      // The session goes on building the locales the build still has pending.
      project.liveBuild = build
      // The first build (no batch) only gives the incremental build its baseline: when it found
      // what the session already shows (the launcher built the same files), nothing was edited
      // and nothing is reloaded or reported as reloaded.
      if (batch != nil && rebuilt) || !session.shows(project) {
        session.reloadEdited(project: project, edit: edit)
        reloaded = true
      }
    }
    if result.errors.isEmpty && batch?.rootRemoved != true {
      for notice in notices.withLock({ list in
        defer { list = [] }
        return list
      }) {
        inbox.post(.failureResolved(notice))
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
    return reloaded
  }

  /// What an update changed when it changed only messages (see
  /// `LiveProjectBuild.Result.changedMessages`), else `nil`.
  static func edit(_ result: LiveProjectBuild.Result) -> ProjectEdit? {
    guard result.errors.isEmpty, let messages = result.changedMessages, let update = result.update
    else { return nil }
    return ProjectEdit(
      messages: messages, locales: Set(update.changed.keys).union(update.removed))
  }

  /// The previewer's view of `model` after an edit of `messages` only, reusing what the session
  /// shows (`shown`) instead of reading the screens and scanning every message again: the
  /// screens, the sets and, when the edited messages' override conditions are the same as before,
  /// the context attributes. `nil` when `shown` is not this build's project (the caller then
  /// makes the view whole).
  static func editedProject(
    _ model: Project, build: LiveProjectBuild, messages: Set<String>, shown: SessionSources
  ) -> PreviewProject? {
    guard let before = shown.project, shown.projectPath == build.root,
      shown.projectTarget == build.target, shown.projectSet == model.set
    else { return nil }
    let sameConditions = messages.allSatisfy { key in
      before.messages[key]?.overrides.map(\.conditions)
        == model.messages[key]?.overrides.map(\.conditions)
    }
    return PreviewProjectLoader.project(
      model, path: build.root, target: build.target, datafiles: build.datafiles,
      locales: build.locales, screens: shown.screens,
      attributes: sameConditions ? shown.attributes : nil, sets: shown.sets)
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
