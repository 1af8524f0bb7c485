import Dispatch
import MessagevisorLocking
import MessagevisorProject
import MessagevisorSystem
import TerminalUI

extension PreviewSession {
  /// Lints the project the session already loaded (no second load) off the caller's thread, then
  /// keeps its message findings in ``SessionSources/lint`` and posts
  /// ``PreviewMessage/sourcesChanged(_:)`` so the browser resolves its rows again. A run that a
  /// newer one (a later live rebuild) overtook is dropped. Does nothing without a project.
  public func startLint() { startLint(after: 0) }

  /// Stops the lint run in flight (between two messages) or waiting to begin, if any, keeping
  /// the last findings (still marked pending); returns whether there was one, so that the
  /// caller starts lint again (``startLint()``) when nothing else will.
  func stopLint() -> Bool {
    let pending = sources.withLock { $0.lintPending }
    if pending { lintRuns.withLock { $0 += 1 } }
    return pending
  }

  /// Where lint runs, one run at a time in the order they were started: as background work (one
  /// core at a lower priority than the loop; nobody waits for it, the browser says it is
  /// running), or on every core (`--print` waits for it).
  enum LintQueue: Sendable {
    case background
    case foreground

    static let backgroundQueue = BackgroundQueue(label: "messagevisor-preview.lint")
    static let foregroundQueue = DispatchQueue(
      label: "messagevisor-preview.lint", qos: .userInitiated)

    /// Adds `work` to the queue after `seconds`.
    func async(after seconds: Double, _ work: @escaping @Sendable () -> Void) {
      switch self {
      case .background: Self.backgroundQueue.async(after: seconds, work)
      case .foreground: Self.foregroundQueue.asyncAfter(deadline: .now() + seconds, execute: work)
      }
    }
  }

  /// ``startLint()`` after `seconds` (0: at once). A run that a newer one overtook before it
  /// began is skipped, so a burst of edits lints once, and runs never overlap.
  func startLint(after seconds: Double) {
    Self.startLint(
      sources: sources, runs: lintRuns, group: lintGroup, inbox: inbox, queue: lintQueue,
      after: seconds)
  }

  /// Starts a lint run of the project in `sources` (see ``startLint()``): marks its findings
  /// pending (``SessionSources/lintPending``) until the latest run has finished. A static
  /// function of the session's parts, so that the session's initializer starts lint before it
  /// sets up the engine.
  static func startLint(
    sources: Locked<SessionSources>, runs: Locked<Int>, group: DispatchGroup, inbox: PreviewInbox,
    queue: LintQueue, after seconds: Double
  ) {
    let current = sources.withLock { sources -> SessionSources? in
      guard sources.project != nil else { return nil }
      sources.lintPending = true
      return sources
    }
    guard let current, let project = current.project else { return }
    let screens = current.screens.definitions.map(\.lintScreen)
    let target = current.projectTarget
    let generation = runs.withLock { runs -> Int in
      runs += 1
      return runs
    }
    group.enter()
    let run: @Sendable () -> Void = {
      defer { group.leave() }
      guard runs.withLock({ $0 }) == generation else { return }
      // Between messages: a newer run (a later edit) stops this one, and a key's frame goes
      // first (see `ForegroundWork`).
      let superseded: @Sendable () -> Bool = {
        ForegroundWork.yield()
        return runs.withLock { $0 } != generation
      }
      guard
        let findings = Self.lintFindings(
          project, screens: screens, screenTarget: target, isCancelled: superseded)
      else { return }
      let latest = sources.withLock { sources -> Bool in
        guard runs.withLock({ $0 }) == generation else { return false }
        sources.lint = findings
        sources.lintVersion = generation
        sources.lintPending = false
        return true
      }
      guard latest else { return }
      let count = findings.values.reduce(0) { $0 + $1.count }
      inbox.post(.sourcesChanged("lint: \(count) finding\(count == 1 ? "" : "s") in messages"))
    }
    queue.async(after: seconds, run)
  }

  /// The lint findings about messages of `project`, by message key, with the previewer's display
  /// width and pseudo-locale, and its `screens` (showing `screenTarget`) for width budgets and
  /// unknown keys; `nil` when `isCancelled` stopped the run.
  static func lintFindings(
    _ project: Project, screens: [LintScreen] = [], screenTarget: String? = nil,
    isCancelled: (@Sendable () -> Bool)? = nil
  ) -> [String: [LintFinding]]? {
    var options = LintOptions()
    options.isCancelled = isCancelled
    options.screens = screens
    options.screenTarget = screens.isEmpty ? nil : screenTarget
    options.measure = { DisplayWidth.of($0) }
    options.pseudoLocalize = { PseudoLocalizer.transform($0) }
    let report = ProjectLinter(options: options).lint(project: project)
    guard !report.isCancelled else { return nil }
    // Each key's list is made at its final size (a big project has tens of thousands of
    // findings: lists grown one by one keep up to twice their room).
    var counts: [String: Int] = [:]
    for finding in report.findings where finding.entityType == "message" {
      counts[finding.entityKey, default: 0] += 1
    }
    var byKey: [String: [LintFinding]] = [:]
    byKey.reserveCapacity(counts.count)
    for (key, count) in counts {
      var list: [LintFinding] = []
      list.reserveCapacity(count)
      byKey[key] = list
    }
    for finding in report.findings where finding.entityType == "message" {
      byKey[finding.entityKey, default: []].append(finding)
    }
    return byKey
  }

  /// Blocks until every lint run started so far has finished (for `--print`, which renders one
  /// frame and should show the findings; never called on the interactive loop's path).
  public func waitForLint() {
    lintGroup.wait()
  }
}
