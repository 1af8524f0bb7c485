import Dispatch
import Foundation
import Messagevisor
import MessagevisorProject

extension MessageIndex {
  /// Resolves every message of the target (every key any loaded locale has) in the source's
  /// locale and, when set, its compare locale.
  public static func build(_ source: MessageBrowserSource) -> MessageIndex {
    build(source, previous: nil)
  }

  /// ``build(_:)`` that takes the keys from `previous` (an index built before, e.g. in another
  /// locale or before an edit) and looks only at the datafiles whose keys changed since, instead
  /// of collecting the keys of every locale again.
  ///
  /// With `sameResolution` (`previous` was resolved from the same engine state, locales, context
  /// and project: only lint findings or review notes changed since) the rows keep `previous`'s
  /// texts, origins and resolution flags, and only their notes, lint and review are looked up.
  /// With `edited` (only live edits of those messages changed what the rows resolve from since
  /// `previous`), the same holds for every other message: only the edited ones are resolved
  /// again, and only they can have come or gone; with `sameAnnotations` too (the lint findings
  /// are those `previous` was built with, and only the edited messages' notes changed), the other
  /// rows are kept whole, and so is their search text.
  static func build(
    _ source: MessageBrowserSource, previous: MessageIndex?, sameResolution: Bool = false,
    edited: Set<String>? = nil, sameAnnotations: Bool = false
  ) -> MessageIndex {
    let sameView =
      previous?.locale == source.locale && previous?.compareLocale == source.compareLocale
    let afterEdits =
      !sameResolution && edited != nil && sameView && previous?.source.context == source.context
    let reused = sameView && (sameResolution || afterEdits) ? previous : nil
    let changed = afterEdits ? edited ?? [] : []
    let keys =
      afterEdits
      ? editedKeys(of: source.datafiles, previous: previous, edited: changed)
      : sortedKeys(of: source.datafiles, previous: previous)
    let keepsRows = afterEdits && sameAnnotations
    // Each key's row: kept whole from `previous` (its search text copied), or `previous`'s row
    // annotated again, or resolved anew.
    let rows = keys.enumerated().map { offset, key -> Int? in
      guard let reused, !changed.contains(key) else { return nil }
      return reused.row(key, near: offset)
    }
    // The engine resolves one trace at a time: the traces first, on this thread; then the rows
    // (origins, flags, notes, lint, review), which are independent, in slices on every core.
    let traces = zip(keys, rows).map { key, row -> Traces? in
      guard row == nil else { return nil }
      return Traces(
        active: source.trace(key, locale: source.locale),
        compare: source.compareLocale.map { source.trace(key, locale: $0) })
    }
    let slices = keys.count < 2_048 ? 1 : max(ProcessInfo.processInfo.activeProcessorCount, 1)
    // Each slice writes its rows in place into the one array of the index (made at its final
    // size: slices joined afterwards would hold every row twice for a while).
    let entries = [MessageEntry](unsafeUninitializedCapacity: keys.count) { buffer, count in
      let rowsOut = RowBuffer(base: buffer.baseAddress)
      DispatchQueue.concurrentPerform(iterations: slices) { slice in
        let range = (keys.count * slice / slices)..<(keys.count * (slice + 1) / slices)
        for offset in range {
          let row: MessageEntry
          if keepsRows, let reused, let kept = rows[offset] {
            row = reused.entries[kept]
          } else {
            row = entry(
              keys[offset], source: source, reused: rows[offset].flatMap { reused?.entries[$0] },
              traces: traces[offset])
          }
          rowsOut.put(row, at: offset)
        }
      }
      count = keys.count
    }
    // Freeing 20,000 traces takes a while: off the caller's thread (the loop's, waiting to draw),
    // at once (an index built every 100 ms, a user holding `l`, would otherwise hold several
    // sets of traces).
    DispatchQueue.global(qos: .utility).async { withExtendedLifetime(traces) {} }
    return MessageIndex(
      entries: entries, source: source, previous: keepsRows ? previous : nil,
      kept: keepsRows ? rows : [])
  }

  /// The rows of an index being built, written by several threads at once, each into its own
  /// range of positions (which is what makes sharing the pointer safe).
  struct RowBuffer: @unchecked Sendable {
    let base: UnsafeMutablePointer<MessageEntry>?

    /// Initializes position `offset` (written once) with `row`.
    func put(_ row: MessageEntry, at offset: Int) {
      base.map { ($0 + offset).initialize(to: row) }
    }
  }

  /// What the engine said about one key: its trace in the active locale and, in compare mode, in
  /// the compare locale (each `nil` when the engine has no locale).
  struct Traces: Sendable {
    var active: TranslationTrace?
    var compare: TranslationTrace??
  }

  /// The row of `key`: `reused` (a row resolved from the same engine state) with its notes, lint
  /// and review looked up again, or a new one made from its `traces`.
  static func entry(
    _ key: String, source: MessageBrowserSource, reused: MessageEntry?, traces: Traces?
  ) -> MessageEntry {
    var entry: MessageEntry
    if let reused {
      entry = reused
      entry.flags.subtract(annotationFlags)
    } else {
      let active = MessageResolution.resolve(key, trace: traces?.active ?? nil, source: source)
      entry = MessageEntry(key: key, text: active.text, origin: active.origin, flags: active.flags)
      if let compare = traces?.compare {
        let other = MessageResolution.resolve(key, trace: compare, source: source)
        entry.compareText = other.text
        entry.compareOrigin = other.origin
      }
    }
    let notes = source.notes[key]
    entry.location = notes?.location(of: entry.origin, locale: source.locale)
    entry.lint = (source.lint[key] ?? []).filter {
      $0.locale == nil || $0.locale == source.locale
    }
    if entry.lint.contains(where: { $0.level >= .warning }) { entry.flags.insert(.lint) }
    entry.review = notes?.review(for: source.locale)
    entry.flags.formUnion(reviewFlags(entry.review, flags: entry.flags))
    return entry
  }

  /// The position of `key`'s row: `offset` when it is there (the keys did not move), else found
  /// by key.
  func row(_ key: String, near offset: Int) -> Int? {
    if offset < entries.count, entries[offset].key == key { return offset }
    return position(of: key)
  }

  /// The keys of `datafiles` when only the messages `edited` changed since `previous` was
  /// built: `previous`'s keys, with an edited message added when some locale has it now and
  /// withdrawn when none has; every key collected again (`sortedKeys(of:previous:)`) when the
  /// locales differ.
  static func editedKeys(
    of datafiles: [String: DatafileContent], previous: MessageIndex?, edited: Set<String>
  ) -> [String] {
    guard let previous, Set(previous.source.datafiles.keys) == Set(datafiles.keys) else {
      return sortedKeys(of: datafiles, previous: previous)
    }
    var added: [String] = []
    var gone = Set<String>()
    for key in edited {
      let present = datafiles.values.contains { $0.hasEntry(forKey: key) }
      let listed = previous.position(of: key) != nil
      if present && !listed { added.append(key) }
      if !present && listed { gone.insert(key) }
    }
    let keys = previous.entries.map(\.key)
    guard !added.isEmpty || !gone.isEmpty else { return keys }
    return (Set(keys).subtracting(gone).union(added)).sorted()
  }

  /// The flags that come from the project's notes and lint, not from resolving the message.
  static let annotationFlags: MessageFlags = [.lint, .stale, .unreviewed]

  /// Every key (translations and message metadata) of `datafiles`, sorted. With `previous`,
  /// its keys are the start: locales whose keys are the same as in `previous`'s datafiles (a
  /// comparison that costs nothing when the datafile was not rebuilt) are skipped; the others,
  /// and locales `previous` did not have (built in the background, or switched to), add the keys
  /// it did not list, and keys that changed or gone locales lost are withdrawn when no locale
  /// has them any more. Nothing is sorted again when no key came or went.
  static func sortedKeys(
    of datafiles: [String: DatafileContent], previous: MessageIndex?
  ) -> [String] {
    guard let previous else {
      var keys = Set<String>()
      for datafile in datafiles.values {
        datafile.insertEntryKeys(into: &keys)
      }
      return keys.sorted()
    }
    let before = previous.source.datafiles
    let previousKeys = previous.entries.map(\.key)
    var listed: Set<String>?
    var added = Set<String>()
    var lost = Set<String>()
    for (locale, datafile) in datafiles {
      let old = before[locale]
      if let old, old.translationTable.hasSameKeys(as: datafile.translationTable),
        old.messageTable.hasSameKeys(as: datafile.messageTable)
      {
        continue
      }
      let known = listed ?? Set(previousKeys)
      listed = known
      for (key, _) in datafile.translationTable
      where old?.translationTable[key] == nil && !known.contains(key) {
        added.insert(key)
      }
      for (key, _) in datafile.messageTable
      where old?.messageTable[key] == nil && !known.contains(key) {
        added.insert(key)
      }
      guard let old else { continue }
      for (key, _) in old.translationTable where datafile.translationTable[key] == nil {
        lost.insert(key)
      }
      for (key, _) in old.messageTable where datafile.messageTable[key] == nil { lost.insert(key) }
    }
    for (locale, old) in before where datafiles[locale] == nil {
      old.insertEntryKeys(into: &lost)
    }
    let gone = lost.filter { key in
      !datafiles.values.contains { $0.hasEntry(forKey: key) }
    }
    guard !added.isEmpty || !gone.isEmpty else { return previousKeys }
    var keys = Set(previousKeys)
    keys.subtract(gone)
    keys.formUnion(added)
    return keys.sorted()
  }

  /// The review flags of a translation: stale when reviewed before the source changed;
  /// unreviewed when the locale has its own text (not missing or inherited) not marked reviewed.
  static func reviewFlags(_ review: TranslationReview?, flags: MessageFlags) -> MessageFlags {
    guard let review else { return [] }
    var result: MessageFlags = []
    if review.isStale { result.insert(.stale) }
    if review.state?.status != .reviewed, flags.isDisjoint(with: [.missing, .inherited]) {
      result.insert(.unreviewed)
    }
    return result
  }
}
