import Foundation
import Messagevisor
import MessagevisorLocking
import MessagevisorProject
import MessagevisorSystem
import ReRune

/// The previewer's engine side: owns the Messagevisor instance and the datafile layers, follows the
/// OTA source, resolves the visible strings with their origins, and performs engine effects.
///
/// Everything it learns is posted to an ``PreviewInbox`` as ``PreviewMessage``s. Thread-safe.
public final class PreviewSession: Sendable {
  /// The engine.
  public let engine: Messagevisor
  /// Where messages go.
  public let inbox: PreviewInbox
  /// The OTA source, if any.
  public let ota: (any PreviewOTASource)?
  let configuration: PreviewSessionConfiguration
  /// Sets the layering's compositions on the engine (project and OTA changes take this path).
  let bridge: ReRuneMessagevisorBridge
  let subscriptions = Locked<[@Sendable () -> Void]>([])
  /// Held while the layers change and the engine is updated from them (OTA revisions and project
  /// reloads arrive on different threads; an older stack must never be applied after a newer one).
  let updates = Locked<Void>(())
  let sources: Locked<SessionSources>
  /// The last message browser index, what it was built for, and what its rows were resolved for
  /// (see `resolveMessages`).
  let lastMessages = Locked<
    (key: String, resolution: String, index: MessageIndex, version: Int, reload: Int, lint: Int)?
  >(nil)
  /// How many projects ``reload(project:)`` swapped in (the browser's rows depend on the project
  /// through origins and inheritance).
  let reloads = Locked<Int>(0)
  /// What the recent reloads changed (the browser refreshes only an edit's rows).
  let reloadJournal = Locked(ReloadJournal())
  /// The pseudo-locale's datafile as last set on the engine and the source datafile it was made
  /// from (see `applyPseudoLocale`).
  let appliedPseudo = Locked<(source: DatafileContent, pseudo: DatafileContent)?>(nil)
  /// The engine's snapshot version right after the pseudo-locale was last made (see
  /// `applyPseudoLocale`).
  let appliedPseudoVersion = Locked<Int?>(nil)
  /// Held while the pseudo-locale's datafile is made and set (see `applyPseudoLocale`).
  let pseudoUpdates = Locked<Void>(())
  /// How many lint runs were started (see `startLint`); only the latest one's findings are kept.
  let lintRuns = Locked<Int>(0)
  /// Every lint run in flight (see `waitForLint`).
  let lintGroup = DispatchGroup()
  /// Where lint runs (``PreviewSessionConfiguration/lintInBackground``).
  let lintQueue: LintQueue
  /// Who builds another set when the user picks one (live editing registers itself, see
  /// ``onSwitchSet(_:)``); `nil`: the session loads the set itself.
  let setSwitcher = Locked<(@Sendable (String) -> Void)?>(nil)
  /// The build the project layer comes from, while some of its locales are still to be built
  /// (see `startLoadingLocales`); replaced by every reload.
  let localeBuild = Locked<LiveProjectBuild?>(nil)
  /// The locale switches that wait for a locale to be built (`loadLocale`): the background
  /// build does not start another locale while one waits (the build's lock is not fair: it would
  /// take it again at once), and goes on as soon as the last one is served.
  let localeDemand = WorkInProgress()
  /// Whether the pseudo-locale waits to be made (see `pseudoLocalePending`).
  let pseudoPending = Locked(false)

  /// Starts linting the project (first: lint needs only the project, and runs while the engine
  /// is set up), creates the engine, loads every layer's locales, and starts following the engine
  /// and OTA. Locales the project's build left pending are built later (see
  /// ``startLoadingLocales()``).
  public init(_ configuration: PreviewSessionConfiguration, inbox: PreviewInbox) {
    self.configuration = configuration
    self.inbox = inbox
    self.ota = configuration.ota
    self.sources = Locked(configuration.sources)
    lintQueue = configuration.lintInBackground ? .background : .foreground
    Self.startLint(
      sources: sources, runs: lintRuns, group: lintGroup, inbox: inbox, queue: lintQueue,
      after: 0)
    localeBuild.withLock { $0 = configuration.projectBuild }
    var stack = configuration.layers
    if let ota = configuration.ota {
      stack.setOverlay(ota.overlays(), revision: ota.revision)
    }
    let context = configuration.context
    engine = createMessagevisor(
      MessagevisorOptions(
        currency: configuration.currency, timeZone: configuration.timeZone, context: context,
        resolveFlag: PreviewSession.resolveFlag,
        onDiagnostic: { diagnostic in
          inbox.post(.diagnostic(PreviewSession.entry(diagnostic)))
        }, logLevel: .debug, modules: configuration.modules))
    bridge = ReRuneMessagevisorBridge(engine: engine, layers: stack)
    let wanted = configuration.locale.map { $0 == PseudoLocale.alias ? pseudoLocale ?? $0 : $0 }
    // A lazy start makes the pseudo-locale after the first frame, unless it is shown first.
    if configuration.projectBuild != nil, wanted == nil || wanted != pseudoLocale {
      pseudoPending.withLock { $0 = true }
    }
    applyPseudoLocale()
    let loaded = engine.getSnapshot().datafileLocales
    let preferred = [wanted, "en-US"].compactMap { $0 }
    if let locale = preferred.first(where: loaded.contains) ?? loaded.first {
      try? engine.setLocale(locale)
    }
    if let wanted, !loaded.contains(wanted) {
      inbox.post(
        .failure(
          "no datafile for locale \(wanted) (loaded: \(loaded.joined(separator: ", ")))"))
    }
    let change = engine.on(.change) { event in
      inbox.post(.engineEvent(PreviewSession.info(event)))
    }
    subscriptions.withLock { $0.append(change) }
    if let ota = configuration.ota {
      let cancel = ota.onRevision { [weak self] revision in
        self?.applyOverlay(revision: revision)
      }
      subscriptions.withLock { $0.append(cancel) }
    }
  }

  /// The engine's flag resolver (the message browser explains feature conditions with it): a
  /// feature is on when the context has it as `true`.
  static let resolveFlag: MessagevisorFlagResolver = { feature, context in
    context[feature]?.boolValue ?? false
  }

  /// Stops listening to the engine and the OTA source.
  public func stop() {
    let cancels = subscriptions.withLock { list -> [@Sendable () -> Void] in
      defer { list.removeAll() }
      return list
    }
    for cancel in cancels { cancel() }
  }

  /// The current layers.
  public var currentLayers: DatafileLayers { bridge.layers }

  /// The current screens, attributes and project.
  public var currentSources: SessionSources { sources.withLock { $0 } }

  /// Swaps in a rebuilt project: its datafiles replace the project layer (through the same
  /// compose → `setDatafile` path an OTA revision takes, so the engine emits `change`), and its
  /// screens and attributes replace the old ones. Posts ``PreviewMessage/sourcesChanged(_:)`` so
  /// the loop resolves the content again even when no datafile changed (a screen file edit).
  public func reload(project: PreviewProject) {
    reload(project: project, edit: nil)
  }

  /// The datafiles to show for `project`: its own, and the locales its build finished after
  /// `project` was made. The live reload reads the build's datafiles before it reads the screens
  /// and scans the attributes; a locale the background build finished and set on the engine
  /// meanwhile is not in that snapshot, and the build no longer has it pending: dropping it
  /// from the layer would leave it missing for good (only an OTA overlay of it, if any, shown).
  static func datafiles(of project: PreviewProject) -> [String: DatafileContent] {
    var datafiles = project.datafiles
    guard let build = project.liveBuild else { return datafiles }
    let locales = Set(project.locales)
    for (locale, datafile) in build.datafiles
    where datafiles[locale] == nil && locales.contains(locale) {
      datafiles[locale] = datafile
    }
    return datafiles
  }

  /// ``reload(project:)`` after a live edit: with `edit` (the edit changed only those messages,
  /// in those locales), only what they touch is done again: the changed locales are set on the
  /// engine without comparing the others, the notes of the changed messages are made again,
  /// and the journal lets the browser resolve only their rows.
  func reload(project: PreviewProject, edit: ProjectEdit?) {
    // One update at a time: an OTA revision and a project reload arrive on different threads, and
    // the engine must not receive an older composition after a newer one.
    let stack = updates.withLock { _ -> DatafileLayers in
      let before = engine.getSnapshot().version
      let number = reloads.withLock { reloads -> Int in
        reloads += 1
        return reloads
      }
      let replaced = localeBuild.withLock { current -> Bool in
        defer { current = project.liveBuild }
        return current !== project.liveBuild
      }
      // A new build with locales still to build: the background build of the one it replaced
      // stops, this one's starts (else they were built only when asked for).
      if replaced, project.liveBuild?.pendingLocales.isEmpty == false { startLoadingLocales() }
      let datafiles = Self.datafiles(of: project)
      if let edit {
        bridge.replaceBaseLayer(
          named: project.layerName, datafiles: datafiles, changed: edit.locales)
      } else {
        bridge.replaceBaseLayer(named: project.layerName, datafiles: datafiles)
      }
      sources.withLock { sources in
        // The notes of the edited messages again, when the notes are those of every message of
        // the project shown (one per message: `MessageNotes.of`), else all of them.
        let notesComplete = sources.messageNotes.count == sources.project?.messages.count
        let notes =
          edit.flatMap { edit in
            notesComplete
              ? project.project.map {
                MessageNotes.updating(sources.messageNotes, changed: edit.messages, in: $0)
              } : nil
          } ?? project.project.map(MessageNotes.of) ?? [:]
        sources.screens = project.screens
        sources.attributes = project.attributes
        sources.projectLayer = project.layerName
        sources.localeOrder = project.locales
        sources.project = project.project
        sources.sourceLocale = project.sourceLocale
        sources.messageNotes = notes
        sources.projectPath = project.path
        sources.projectTarget = project.target
        sources.projectSet = project.set
        sources.sets = project.sets
      }
      // Under the same lock, so that the journal's versions account for every engine change
      // between them.
      applyPseudoLocale(edited: edit.map { ($0.messages, before) })
      keepLocaleLoaded(preferring: project.sourceLocale)
      let after = engine.getSnapshot().version
      reloadJournal.withLock {
        $0.record(number, .init(before: before, after: after, messages: edit?.messages))
      }
      return bridge.layers
    }
    for entry in ScreenDiagnostics.check(project.screens, layers: stack) {
      inbox.post(.diagnostic(entry))
    }
    inbox.post(.sourcesChanged("project \(project.target) reloaded"))
    // After the frame that shows the edit: lint takes both cores for a while.
    startLint(after: 0.3)
  }

  /// Takes the OTA source's current translations as the overlay and sets the touched locales on
  /// the engine, then posts the revision (every emission means "rebind", even when the number
  /// repeats).
  func applyOverlay(revision: Int) {
    guard let ota else { return }
    let overlays = ota.overlays()
    updates.withLock { _ in
      bridge.applyOverlayTexts(overlays, revision: revision)
      applyPseudoLocale()
    }
    inbox.post(.otaRevision(revision, at: configuration.now()))
  }

  /// Performs an engine effect; failures are posted as ``PreviewMessage/failure(_:)``.
  public func perform(_ effect: PreviewEffect) {
    switch effect {
    case .setLocale(let requested):
      let locale = resolvingAlias(requested)
      if let failure = loadLocale(locale) {
        inbox.post(.failure("cannot switch to \(locale): \(failure)"))
        return
      }
      do { try engine.setLocale(locale) } catch {
        inbox.post(.failure("cannot switch to \(locale): \(error)"))
      }
    case .setContext(let context):
      engine.setContext(context)
    case .unsetContext(let key):
      var context = engine.getSnapshot().context
      context.removeValue(forKey: key)
      engine.setContext(context, replace: true)
    case .setCurrency(let currency):
      engine.setCurrency(currency)
    case .setTimeZone(let zone):
      engine.setTimeZone(zone)
    case .switchSet(let name):
      switchSet(name)
    case .markReviewed(let key, let locale, let overrideIndex):
      markReviewed(key: key, locale: locale, overrideIndex: overrideIndex)
    case .publish(let key, let locale):
      publish(key: key, locale: locale)
    case .checkForUpdates, .resolveContent, .resolveMessages, .quit, .export, .copy,
      .translationEditor:
      break
    }
  }

  /// Runs one OTA check, posting `checkStarted`, the refresh phases (manual checks pause between
  /// phases like the seed demo: 350 ms checking, 300 ms applying) and `checkFinished`. `startup`
  /// marks the one check the previewer runs when it starts (logged as "OTA check (start)").
  public func runCheck(manual: Bool, phaseDelays: Bool = true, startup: Bool = false) async {
    guard let ota else {
      inbox.post(
        .checkFinished(
          CheckOutcome(
            status: .failed, message: "no OTA source", finishedAt: configuration.now(),
            manual: manual, startup: startup)))
      return
    }
    if manual {
      inbox.post(.checkPhase(.checking))
      if phaseDelays { try? await Task.sleep(nanoseconds: 350_000_000) }
      inbox.post(.checkPhase(.downloading))
    } else {
      inbox.post(.checkStarted(manual: false))
    }
    var outcome = await ota.check(manual: manual)
    if manual {
      inbox.post(.checkPhase(.applying))
      if phaseDelays { try? await Task.sleep(nanoseconds: 300_000_000) }
    }
    outcome.finishedAt = configuration.now()
    outcome.startup = startup && !manual
    inbox.post(.checkFinished(outcome))
  }
}
