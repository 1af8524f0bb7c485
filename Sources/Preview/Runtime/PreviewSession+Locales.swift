import Dispatch
import Foundation
import Messagevisor
import MessagevisorProject
import MessagevisorSystem

extension PreviewSession {
  /// Pending locales are built one after another on this queue, on one core at a lower priority
  /// than the loop.
  static let localeQueue = BackgroundQueue(label: "messagevisor-preview.locales")

  /// The project target's locales that are not on the engine yet: a lazy load left them for
  /// later (see ``startLoadingLocales()``). They are offered like loaded ones (`l`, the picker):
  /// switching to one builds it first.
  public var pendingLocales: [String] {
    let pseudo = pseudoLocalePending ? [pseudoLocale].compactMap { $0 } : []
    // The target's locales the project layer lacks (asking the build would wait while it
    // builds a few locales in the background).
    guard localeBuild.withLock({ $0 }) != nil else { return pseudo }
    let shown = projectLayerDatafiles()
    let order = sources.withLock { $0.localeOrder }
    return order.filter { shown[$0] == nil } + pseudo
  }

  /// Builds the pending locales on a background queue, one at a time (the locales that follow
  /// the active one in `l` order first) at a lower priority than the loop, then sets them all
  /// on the engine at once (one `change`, one redraw; the pseudo-locale, when it waits, is made
  /// just before) and posts
  /// ``PreviewMessage/sourcesChanged(_:)``. A locale that does not build is reported as a
  /// diagnostic. Between two locales a locale switch (`loadLocale(_:)`) or an edit gets its
  /// turn (at most one locale's build away). Stops when a reload replaced the build.
  public func startLoadingLocales() {
    guard let build = localeBuild.withLock({ $0 }) else {
      if pseudoLocalePending { Self.localeQueue.async { [weak self] in self?.loadPseudoLocale() } }
      return
    }
    Self.localeQueue.async { [weak self] in
      var failed: Set<String> = []
      while let self, self.localeBuild.withLock({ $0 }) === build {
        // A locale switch that waits for a locale goes first, and so does a key's frame.
        self.localeDemand.waitUntilNone()
        ForegroundWork.yield()
        let order = self.priorityOrder(build.pendingLocales.filter { !failed.contains($0) })
        guard !order.isEmpty else { break }
        let chosen = Array(order.prefix(1))
        let result = build.buildPending(chosen)
        let built = Set(result.update?.changed.keys.map { $0 } ?? [])
        for locale in chosen where !built.contains(locale) { failed.insert(locale) }
        for error in result.errors {
          self.inbox.post(.diagnostic(ProjectLiveReload.entry(error)))
        }
      }
      guard let self, self.localeBuild.withLock({ $0 }) === build else { return }
      self.loadPseudoLocale()
      let added = self.adoptBuiltLocales(from: build)
      // The builds' scratch is free now, spread between what stays: give its pages back.
      FreeMemory.giveBack()
      if !added.isEmpty {
        self.inbox.post(
          .sourcesChanged(
            "locales: \(added.count) more built (\(build.locales.count - failed.count) of \(build.locales.count))"
          ))
      }
    }
  }

  /// Has the engine make its tables of the locale `l` goes to next (it makes them on a locale's
  /// first translation, which would otherwise be the switch's); the loop calls it after a frame
  /// that shows a new locale. Returns `false` when that locale is not on the engine yet (still
  /// to be built), so the loop asks again later; making tables the engine has costs one lookup.
  func prepareNextLocale() -> Bool {
    let order = sources.withLock { $0.localeOrder }
    let snapshot = engine.getSnapshot()
    guard order.count > 1, let active = snapshot.locale,
      let position = order.firstIndex(of: active)
    else { return true }
    let next = order[(position + 1) % order.count]
    guard snapshot.datafileLocales.contains(next) else { return false }
    // The tables of other locales go: a locale's tables hold its texts, and a user who walks
    // through forty locales would keep forty copies. Going back (the locale picker) builds them
    // again, as a first visit does. What they held goes back to the system (the heap would keep
    // it, and grow with each locale).
    if engine.releaseLocaleTables(keeping: [active, next]) > 0 { FreeMemory.giveBack() }
    // Any key: the tables are made for the locale whatever the key.
    let key = sources.withLock { $0.project?.messages.keys.first } ?? ""
    _ = try? engine.traceTranslation(key, options: TranslateOptions(locale: next))
    return true
  }

  /// Builds every pending locale now, on every core, and sets them on the engine (`--print`,
  /// which renders one complete frame); returns why locales did not build.
  @discardableResult
  public func loadAllLocales() -> [ProjectError] {
    loadPseudoLocale()
    guard let build = localeBuild.withLock({ $0 }) else { return [] }
    let result = build.buildPending(build.pendingLocales)
    adoptBuiltLocales(from: build)
    FreeMemory.giveBack()
    return result.errors
  }

  /// Makes sure the engine has `locale` when the project's build has it: builds it now when it
  /// is pending and sets it on the engine. Returns why it could not, `nil` when it is there (or
  /// is no locale of the build: the engine then answers for it).
  func loadLocale(_ locale: String) -> String? {
    if locale == pseudoLocale {
      loadPseudoLocale()
      return nil
    }
    guard let build = localeBuild.withLock({ $0 }), projectLayerDatafiles()[locale] == nil,
      sources.withLock({ $0.localeOrder.contains(locale) })
    else { return nil }
    return localeDemand.perform { () -> String? in
      if build.pendingLocales.contains(locale) {
        let result = build.buildPending([locale])
        if let error = result.errors.first { return error.description }
      }
      adoptBuiltLocales(from: build, only: [locale])
      return nil
    }
  }

  /// Sets on the engine the datafiles `build` has and the project layer lacks (all, or those of
  /// `only`), unless a reload replaced the build; returns the locales added.
  @discardableResult
  func adoptBuiltLocales(from build: LiveProjectBuild, only: Set<String>? = nil) -> [String] {
    updates.withLock { _ -> [String] in
      guard localeBuild.withLock({ $0 }) === build else { return [] }
      let name = sources.withLock { $0.projectLayer }
      var datafiles = projectLayerDatafiles()
      var added: [String] = []
      for (locale, datafile) in build.datafiles
      where datafiles[locale] == nil && only.map({ $0.contains(locale) }) ?? true {
        datafiles[locale] = datafile
        added.append(locale)
      }
      guard !added.isEmpty else { return [] }
      // Only locales the layer gains: none of the others is composed or compared.
      bridge.replaceBaseLayer(named: name, datafiles: datafiles, changed: [])
      return added
    }
  }

  /// The project layer's datafiles as the engine has them.
  func projectLayerDatafiles() -> [String: DatafileContent] {
    let name = sources.withLock { $0.projectLayer }
    return bridge.layers.bases.last { $0.name == name }?.datafiles ?? [:]
  }

  /// `locales` in the order a user meets them: those after the active locale in `l` order
  /// first (wrapping around), then any others.
  func priorityOrder(_ locales: [String]) -> [String] {
    let order = sources.withLock { $0.localeOrder }
    let active = engine.getSnapshot().locale
    let start = active.flatMap { order.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
    let cycle = Array(order[start...] + order[..<start])
    let wanted = Set(locales)
    return cycle.filter(wanted.contains) + locales.filter { !order.contains($0) }
  }
}
