import Foundation
import Messagevisor

/// The datafiles of one target (one per locale) kept up to date as the project changes, rebuilding
/// only what an edit touches.
///
/// Every datafile is the one ``DatafileBuilder/buildContent(target:locale:revision:)`` gives for
/// the same project (tests compare them). When only messages changed, each locale's datafile is
/// patched: the changed messages are built again (as their own small datafile, converted by
/// ``DatafileBuilder/content(of:)`` like every built file) and replace their old entries; locales where
/// the changed messages contribute nothing before or after are left alone. Anything else
/// (locales, segments, targets, attributes, the config), and targets whose datafiles depend on
/// every message (`revisionFromHash`, `includeOnlyUsedFormats`), rebuild the affected datafiles
/// whole, still without parsing anything.
///
/// A build may leave locales for later: ``update(project:changedMessages:building:)`` builds only
/// the new locales it is asked for, and the others wait in ``pendingLocales`` until
/// ``buildPending(_:)`` builds them from the last good project (a previewer shows one locale
/// long before the other thirty-nine are needed). Edits patch only the built locales; a pending
/// locale is built whole, from the project as it is then.
///
/// A failed update throws and changes nothing: the last good datafiles stay. Not thread-safe.
public final class IncrementalTargetBuild {
  /// What one update changed.
  public struct Update: Sendable, Equatable {
    /// The new datafiles of the locales that changed.
    public var changed: [String: DatafileContent]
    /// Locales the target no longer builds.
    public var removed: [String]
    /// Locales built whole (the rest of `changed` was patched).
    public var rebuilt: [String]
  }

  struct LocaleState {
    var content: DatafileContent
    /// How many included messages use each segment (a segment leaves ``content`` with its last
    /// user).
    var segmentUsers: [String: Int]
  }

  /// The target key.
  public let target: String
  /// The build revision written into every datafile.
  public let revision: String
  let evaluatePredicate: ConditionSpecializer.PredicateEvaluator
  var states: [String: LocaleState] = [:]
  /// The project of the last good update: what ``states`` were built from, and what pending
  /// locales are built from. A patch builds a changed message's old fragment again from it
  /// instead of keeping every locale's fragments (the project is the one the caller keeps, so
  /// this costs no copy).
  var project: Project?
  /// The target's locales in its order, as of the last good update.
  public private(set) var locales: [String] = []

  /// Creates an empty build of `target` (call ``update(project:changedMessages:)`` to fill it).
  public init(
    target: String, revision: String = "",
    evaluatePredicate: @escaping ConditionSpecializer.PredicateEvaluator = EngineBridge
      .evaluatePredicate
  ) {
    self.target = target
    self.revision = revision
    self.evaluatePredicate = evaluatePredicate
  }

  /// The datafiles by locale, as of the last good update (no entry for a pending locale).
  public private(set) var datafiles: [String: DatafileContent] = [:]
  /// The target's locales that are not built yet, in the target's order (see
  /// ``buildPending(_:)``).
  public private(set) var pendingLocales: [String] = []
  /// ``project``'s messages in key order, kept while locales are pending (each
  /// ``buildPending(_:)`` would sort them again).
  var orderedMessages: ContiguousArray<ProjectMessage>?
  /// The keys the datafiles' tables share (see ``sharedKeys(for:)``).
  var tableKeys: SharedDatafileKeys?

  /// Brings the datafiles up to date with `project`. `changedMessages` names the messages that
  /// changed since the last update; `nil` means anything may have changed (rebuild everything).
  /// Pending locales stay pending.
  /// - Throws: ``ProjectError`` (unknown target, invalid ICU text, …) or the engine's datafile
  ///   error; nothing changes then.
  public func update(project: Project, changedMessages: Set<String>?) throws -> Update {
    try update(project: project, changedMessages: changedMessages, building: nil)
  }

  /// ``update(project:changedMessages:)`` that builds, of the locales not built yet (new in the
  /// target, or pending), only those in `building` (`nil`: every new one); the others wait in
  /// ``pendingLocales``.
  /// - Throws: as ``update(project:changedMessages:)``; nothing changes then.
  public func update(project: Project, changedMessages: Set<String>?, building: Set<String>?)
    throws -> Update
  {
    let builder = DatafileBuilder(project: project, evaluatePredicate: evaluatePredicate)
    let definition = try builder.target(target)
    let wanted = builder.locales(of: definition)
    var next: [String: LocaleState] = [:]
    var update = Update(changed: [:], removed: [], rebuilt: [])
    let patchable = !definition.revisionFromHash && !definition.includeOnlyUsedFormats
    // Moved out, so that patching does not copy every locale's datafile; after a failure the
    // next update builds every locale whole (``datafiles`` keeps the last good ones meanwhile).
    var previous = states
    states = [:]
    let old = self.project
    self.project = nil
    let removed = previous.keys.filter { !wanted.contains($0) }.sorted()
    let waiting = Set(pendingLocales)
    let deferred = Set(
      wanted.filter { locale in
        guard previous[locale] == nil else { return false }
        return building.map { !$0.contains(locale) } ?? waiting.contains(locale)
      })
    // The messages in key order, made once and only when a locale is built whole (an edit that
    // patches every locale sorts nothing).
    var ordered: ContiguousArray<ProjectMessage>?
    func messages() -> ContiguousArray<ProjectMessage> {
      if let ordered { return ordered }
      let made = builder.messages(in: builder.project.messages.keys.sorted())
      ordered = made
      return made
    }
    // Locales built whole are built on every core first.
    let whole = wanted.filter {
      !deferred.contains($0) && (changedMessages == nil || previous[$0] == nil)
    }
    let built: [Result<LocaleState, any Error>]
    if whole.isEmpty {
      built = []
    } else {
      let messages = messages()
      let keys = sharedKeys(for: messages)
      built = ParallelMap.map(whole) { locale in
        Result {
          try build(
            builder: builder, target: definition, locale: locale, messages: messages, keys: keys)
        }
      }
    }
    var wholeStates: [String: Result<LocaleState, any Error>] = [:]
    for (locale, result) in zip(whole, built) { wholeStates[locale] = result }
    // Locales patched after an edit of messages, on every core too (each copies its tables).
    var patched: [String: Result<(state: LocaleState, changed: Bool), any Error>] = [:]
    if patchable, let changedMessages, let old {
      let patching = wanted.compactMap { locale in
        deferred.contains(locale) ? nil : previous[locale].map { (locale: locale, state: $0) }
      }
      let results = ParallelMap.map(patching) { item in
        Result { () throws -> (state: LocaleState, changed: Bool) in
          var state = item.state
          // Never built whole here (`wholeWhenChanged` is false): no message list is needed.
          let changed = try patch(
            &state, changed: changedMessages, old: old, builder: builder, target: definition,
            locale: item.locale, wholeWhenChanged: false, messages: { [] })
          return (state, changed)
        }
      }
      for (item, result) in zip(patching, results) { patched[item.locale] = result }
    }
    for locale in wanted where !deferred.contains(locale) {
      if let changedMessages, let old, var state = previous.removeValue(forKey: locale) {
        let changed: Bool
        if let result = patched.removeValue(forKey: locale) {
          (state, changed) = try result.get()
        } else {
          changed = try patch(
            &state, changed: changedMessages, old: old, builder: builder, target: definition,
            locale: locale, wholeWhenChanged: !patchable, messages: messages)
        }
        if changed {
          update.changed[locale] = state.content
          if !patchable { update.rebuilt.append(locale) }
        }
        next[locale] = state
      } else {
        let state =
          try wholeStates[locale]?.get()
          ?? build(
            builder: builder, target: definition, locale: locale, messages: messages(),
            keys: sharedKeys(for: messages()))
        next[locale] = state
        if datafiles[locale] != state.content { update.changed[locale] = state.content }
        update.rebuilt.append(locale)
      }
    }
    update.removed = removed
    states = next
    self.project = project
    locales = wanted
    pendingLocales = wanted.filter(deferred.contains)
    orderedMessages = pendingLocales.isEmpty ? nil : ordered
    for (locale, content) in update.changed { datafiles[locale] = content }
    for locale in removed { datafiles[locale] = nil }
    return update
  }

  /// Builds the pending locales among `requested` whole, from the last good update's project,
  /// on every core (the others, and locales already built, are left as they are). The locales
  /// that built are kept even when another one fails.
  /// - Throws: the first locale's error (``ProjectError`` or the engine's datafile error); that
  ///   locale stays pending.
  public func buildPending(_ requested: [String]) throws -> Update {
    var update = Update(changed: [:], removed: [], rebuilt: [])
    let asked = Set(requested)
    let chosen = pendingLocales.filter(asked.contains)
    guard !chosen.isEmpty, let project else { return update }
    let builder = DatafileBuilder(project: project, evaluatePredicate: evaluatePredicate)
    let definition = try builder.target(target)
    let messages =
      orderedMessages ?? builder.messages(in: builder.project.messages.keys.sorted())
    let keys = sharedKeys(for: messages)
    let built = ParallelMap.map(chosen) { locale in
      Result {
        try build(
          builder: builder, target: definition, locale: locale, messages: messages, keys: keys)
      }
    }
    var failure: (any Error)?
    for (locale, result) in zip(chosen, built) {
      switch result {
      case .success(let state):
        states[locale] = state
        datafiles[locale] = state.content
        update.changed[locale] = state.content
        update.rebuilt.append(locale)
      case .failure(let error):
        failure = failure ?? error
      }
    }
    pendingLocales.removeAll { update.changed[$0] != nil }
    orderedMessages = pendingLocales.isEmpty ? nil : messages
    if let failure { throw failure }
    return update
  }

  /// The keys of the tables of datafiles built from `messages` (the project's messages in key
  /// order): the last ones made when they are the same messages, so that every locale's tables
  /// share one set. Not thread-safe: called before work on every core starts.
  func sharedKeys(for messages: ContiguousArray<ProjectMessage>) -> SharedDatafileKeys {
    if var tableKeys, tableKeys.matches(messages) {
      // The same messages; their translations may have changed since.
      if !tableKeys.rowsAreCurrent(for: messages) {
        tableKeys.rows = SharedDatafileKeys.rows(of: messages)
        self.tableKeys = tableKeys
      }
      return tableKeys
    }
    let made = SharedDatafileKeys(messages)
    tableKeys = made
    return made
  }

  /// Builds one locale whole; its translations and messages are tables with `keys` (made from
  /// `messages`).
  func build(
    builder: DatafileBuilder, target: ProjectTarget, locale: String,
    messages: ContiguousArray<ProjectMessage>, keys: SharedDatafileKeys
  ) throws -> LocaleState {
    guard let definition = builder.project.locales[locale] else {
      throw ProjectError(file: target.file, message: "unknown locale \"\(locale)\"")
    }
    let chain = try LocaleChain.translations(for: locale, in: builder.project)
    let specializer = ConditionSpecializer(
      context: target.context, segments: builder.project.segments, evaluate: evaluatePredicate)
    var ordered: [(key: String, fragment: MessageFragment)] = []
    var users: [String: Int] = [:]
    // One translation per message, in the positions of `keys` (the messages' keys, in their
    // order), and the messages' metadata in theirs.
    // (Message keys are distinct: a key listed twice would leave a message without a position.)
    let tabled = keys.translations.count == messages.count
    // Each translation as a pick from its message's row of the project's own translations (2
    // bytes per message); texts of its own for a locale where a pick does not give the
    // fragment's translation (which no build makes: the pick is checked, not assumed).
    var picks = ContiguousArray<UInt16>(
      repeating: DatafileTranslations.noPick, count: tabled ? messages.count : 0)
    var texts: ContiguousArray<String?>?
    var metadata = DatafileMessages(
      keys: keys.messages,
      values: ContiguousArray(repeating: nil, count: keys.messages.count))
    for index in messages.indices {
      // Read in place from the array: the message is not copied.
      guard
        let fragment = builder.fragment(
          of: messages[index], target: target, chain: chain, specializer: specializer)
      else { continue }
      let key = messages[index].key
      if tabled {
        let pick = SharedDatafileKeys.pick(messages[index], chain: chain)
        let row = keys.rows.rows[index]
        if texts == nil, let pick, pick < row.count,
          row.hasBytes(at: pick, of: fragment.translation)
        {
          picks[index] = UInt16(pick)
        } else {
          if texts == nil { texts = keys.texts(picks) }
          texts?[index] = fragment.translation
        }
        if !fragment.entry.isEmpty {
          metadata[key] = keys.overrides.share(
            try DatafileContent.message(fromValue: .object(fragment.entry), key: key), key: key)
        }
      }
      ordered.append((key, fragment))
      for segment in fragment.usedSegments.keys { users[segment, default: 0] += 1 }
    }
    let content = try builder.assembleContent(
      target: target, locale: definition, fragments: ordered, revision: revision,
      tables: tabled
        ? (
          texts.map { DatafileTranslations(keys: keys.translations, values: $0) }
            ?? DatafileTranslations(keys: keys.translations, rows: keys.rows, picks: picks),
          metadata
        ) : nil)
    return LocaleState(content: content, segmentUsers: users)
  }

  /// Rebuilds the `changed` messages of one locale; returns whether its datafile changed.
  /// With `wholeWhenChanged` the locale is rebuilt whole (from `messages`, the project's messages
  /// in key order) when any of its messages changed.
  ///
  /// A changed message's old fragment is built again from `old` (the project `state` was built
  /// from): only messages changed since, so the target, the locale chain and the segments are
  /// the same for both.
  func patch(
    _ state: inout LocaleState, changed: Set<String>, old: Project, builder: DatafileBuilder,
    target: ProjectTarget, locale: String, wholeWhenChanged: Bool,
    messages: () -> ContiguousArray<ProjectMessage>
  ) throws -> Bool {
    let chain = try LocaleChain.translations(for: locale, in: builder.project)
    let specializer = ConditionSpecializer(
      context: target.context, segments: builder.project.segments, evaluate: evaluatePredicate)
    func fragment(_ key: String, in project: Project) -> MessageFragment? {
      project.messages[key].flatMap {
        builder.fragment(of: $0, target: target, chain: chain, specializer: specializer)
      }
    }
    var replaced: [String: (old: MessageFragment?, new: MessageFragment?)] = [:]
    for key in changed {
      let before = fragment(key, in: old)
      let after = fragment(key, in: builder.project)
      if after != before { replaced[key] = (before, after) }
    }
    guard !replaced.isEmpty else { return false }
    if wholeWhenChanged {
      let messages = messages()
      state = try build(
        builder: builder, target: target, locale: locale, messages: messages,
        keys: sharedKeys(for: messages))
      return true
    }
    // The changed messages as a datafile of their own, read back like any built datafile.
    var translations: [String: MessagevisorValue] = [:]
    var messages: [String: MessagevisorValue] = [:]
    var used: [String: MessagevisorValue] = [:]
    for case (let key, (_, let fragment?)) in replaced {
      translations[key] = .string(fragment.translation)
      if !fragment.entry.isEmpty { messages[key] = .object(fragment.entry) }
      used.merge(fragment.usedSegments) { current, _ in current }
    }
    let value: MessagevisorValue = .object([
      "schemaVersion": "1",
      "messagevisorVersion": .string(DatafileBuilder.toolVersion),
      "revision": .string(revision),
      "target": .string(target.key),
      "locale": .string(locale),
      "segments": .object(builder.segmentEntries(used, target)),
      "messages": .object(messages),
      "translations": .object(translations),
    ])
    let part = try DatafileBuilder.content(of: value)
    for (key, (before, fragment)) in replaced {
      for segment in before.map({ Array($0.usedSegments.keys) }) ?? [] {
        state.segmentUsers[segment, default: 1] -= 1
        if state.segmentUsers[segment] == 0 {
          state.segmentUsers[segment] = nil
          state.content.segments[segment] = nil
        }
      }
      for segment in fragment.map({ Array($0.usedSegments.keys) }) ?? [] {
        state.segmentUsers[segment, default: 0] += 1
      }
      state.content.translationTable[key] = part.translationTable[key]
      state.content.messageTable[key] = part.messageTable[key]
    }
    state.content.segments.merge(part.segments) { _, new in new }
    return true
  }
}
