import Dispatch
import Messagevisor
import MessagevisorLocking
import MessagevisorSystem

extension PreviewSession {
  /// Resolves every message of the target for the browser, from the datafiles the engine holds,
  /// in the active locale and context (and in a compare locale when `compare` is on: the given
  /// one, else the project's source locale, else the first other loaded locale).
  ///
  /// The engine's snapshot version changes with every locale, context and datafile change: while
  /// it and the compare choice stay the same (a periodic OTA check without news), the previous
  /// index is returned instead of resolving 10,000 messages again.
  ///
  /// After live edits of messages only (and nothing else changed the engine meanwhile: see
  /// `ReloadJournal`), only the edited messages' rows are resolved again.
  public func resolveMessages(compare: Bool, compareLocale: String?) -> MessageIndex {
    let snapshot = engine.getSnapshot()
    let reload = reloads.withLock { $0 }
    let resolution = "\(snapshot.version) \(compare) \(compareLocale ?? "-") \(reload)"
    let sources = currentSources
    let key = "\(resolution) \(sources.lintVersion) \(sources.lintPending)"
    let last = lastMessages.withLock { $0 }
    if let last, last.key == key { return last.index }
    let edited = last.flatMap { last in
      reloadJournal.withLock {
        $0.changedMessages(from: (last.version, last.reload), to: (snapshot.version, reload))
      }
    }
    let index = buildMessages(
      snapshot: snapshot, compare: compare, compareLocale: compareLocale, previous: last?.index,
      sameResolution: last?.resolution == resolution, edited: edited,
      sameLint: last?.lint == sources.lintVersion)
    lastMessages.withLock {
      $0 = (key, resolution, index, snapshot.version, reload, sources.lintVersion)
    }
    if let last { Self.releaseLater(last.index) }
    return index
  }

  /// Keeps `index` (one the browser is replacing) alive on a background queue for a moment:
  /// the loop lets go of it at its next frame, and freeing what only it still holds (after an
  /// edit, every locale's old datafile: hundreds of thousands of strings on a big project) then
  /// happens off the loop's thread instead of delaying that frame.
  ///
  /// One index waits at a time: the one it replaces (the loop let go of that one frames ago) is
  /// freed on the background queue at once, so switching locale after locale holds two indexes,
  /// not every index of the last second (each is megabytes on a big project).
  static func releaseLater(_ index: MessageIndex) {
    // The displaced index moves into a box (its only owner) that the background work empties:
    // freed there, before the heap gives the memory back.
    let displaced = retiredIndex.withLock { retired -> Locked<MessageIndex?>? in
      defer { retired = index }
      return retired.map { Locked($0) }
    }
    let queue = DispatchQueue.global(qos: .utility)
    if let displaced {
      queue.async {
        displaced.withLock { $0 = nil }
        // Megabytes just freed: back to the system, not kept by the heap for later.
        FreeMemory.giveBack()
      }
    }
    queue.asyncAfter(deadline: .now() + .seconds(1)) { [weak index] in
      guard let index else { return }
      let expired = retiredIndex.withLock { retired -> MessageIndex? in
        guard retired === index else { return nil }
        defer { retired = nil }
        return retired
      }
      withExtendedLifetime(expired) {}
    }
  }

  /// The index ``releaseLater(_:)`` keeps alive.
  private static let retiredIndex = Locked<MessageIndex?>(nil)

  /// ``resolveMessages(compare:compareLocale:)`` without the cache: always resolves every
  /// message at `snapshot`.
  public func buildMessages(
    snapshot: MessagevisorSnapshot, compare: Bool, compareLocale: String?
  ) -> MessageIndex {
    buildMessages(
      snapshot: snapshot, compare: compare, compareLocale: compareLocale, previous: nil,
      sameResolution: false, edited: nil, sameLint: false)
  }

  /// ``buildMessages(snapshot:compare:compareLocale:)`` from `previous`, the index built last:
  /// its keys are the start, and with `sameResolution` (nothing the rows resolve from changed
  /// since: only lint findings or review notes did) its rows' texts, origins and flags are kept;
  /// with `edited` (only live edits of those messages changed the engine since), those of the
  /// other messages are, and with `sameLint` too (the lint findings are those `previous` was
  /// built with) their notes, lint and review as well.
  func buildMessages(
    snapshot: MessagevisorSnapshot, compare: Bool, compareLocale: String?,
    previous: MessageIndex?, sameResolution: Bool, edited: Set<String>?, sameLint: Bool
  ) -> MessageIndex {
    let locale = snapshot.locale ?? configuration.locale ?? "en-US"
    let current = currentSources
    let stack = bridge.layers
    // What the engine holds: every layer's locale composed (base ⊕ overlay), and the pseudo-locale.
    var datafiles: [String: DatafileContent] = [:]
    for locale in stack.locales { datafiles[locale] = stack.compose(locale) }
    if let pseudo = appliedPseudo.withLock({ $0?.pseudo }) { datafiles[pseudo.locale] = pseudo }
    var other: String?
    if compare {
      let loaded = ordered(Array(datafiles.keys))
      let candidates =
        [compareLocale, current.sourceLocale].compactMap { $0 }
        + loaded
      other =
        candidates.first { $0 != locale && datafiles[$0] != nil }
        ?? candidates.first { datafiles[$0] != nil }
    }
    var source = MessageBrowserSource(
      locale: locale, compareLocale: other, datafiles: datafiles, context: snapshot.context,
      resolveFlag: PreviewSession.resolveFlag,
      // Every loaded locale: the all-locales view asks about each of them.
      origin: layerOrigins(stack, current, locales: ordered(Array(datafiles.keys))),
      notes: current.messageNotes, engine: engine, lint: current.lint)
    source.lintPending = current.lintPending
    return MessageIndex.build(
      source, previous: previous, sameResolution: sameResolution, edited: edited,
      sameAnnotations: sameLint)
  }
}
