/// A stored datafile plus a one-lookup index from message key to everything `translate` needs.
final class LocaleStore: @unchecked Sendable {
  /// What one message key resolves through (a class, so a lookup costs one retain).
  final class Entry: @unchecked Sendable {
    /// The base translation.
    let translation: String?
    /// Message metadata, when the datafile has any for the key.
    let message: DatafileMessage?
    /// The message's overrides with JSON-string conditions and segments parsed once.
    let overrides: [MessageOverride]
    /// The overrides' conditions and segments, compiled against the store's segments.
    let program: OverrideProgram
    /// The attribute names the plans' slots refer to.
    let attributes: [String]

    init(translation: String?, message: DatafileMessage?, segments: [String: Segment]) {
      self.translation = translation
      self.message = message
      let overrides = (message?.overrides ?? []).map { override in
        var compiled = override
        compiled.conditions = override.conditions.map(ConditionCompiler.compile)
        compiled.segments = override.segments.map(ConditionCompiler.compile)
        return compiled
      }
      self.overrides = overrides
      if overrides.isEmpty {
        program = OverrideProgram([])
        attributes = []
      } else {
        let compiler = ConditionPlanCompiler(segments: segments)
        program = OverrideProgram(
          overrides.map { (compiler.compile($0.conditions), compiler.compile($0.segments)) })
        attributes = compiler.attributes
      }
    }
  }

  let content: DatafileContent
  let entries: [String: Entry]
  /// Every key of ``entries`` by exact UTF-8 bytes, pointing into ``indexedEntries`` and
  /// ``plainTexts``.
  let index: MessageKeyIndex
  /// The entries in ``index`` order.
  let indexedEntries: ContiguousArray<Entry>
  /// In ``index`` order: the translation of keys without message metadata (the translate fast
  /// path), `nil` for keys with metadata.
  let plainTexts: ContiguousArray<String?>
  /// The segments with JSON-string conditions parsed once.
  let segments: [String: Segment]

  init(_ content: DatafileContent) {
    self.content = content
    let segments = content.segments.mapValues { segment in
      Segment(archived: segment.archived, conditions: ConditionCompiler.compile(segment.conditions))
    }
    var entries: [String: Entry] = [:]
    entries.reserveCapacity(content.translations.count + content.messages.count)
    for (key, text) in content.translations {
      entries[key] = Entry(translation: text, message: content.messages[key], segments: segments)
    }
    for (key, message) in content.messages where content.translations[key] == nil {
      entries[key] = Entry(translation: nil, message: message, segments: segments)
    }
    self.entries = entries
    let pairs = Array(entries)
    self.index = MessageKeyIndex(pairs.lazy.map(\.key))
    self.indexedEntries = ContiguousArray(pairs.lazy.map(\.value))
    self.plainTexts = ContiguousArray(
      indexedEntries.map { $0.message == nil ? $0.translation : nil })
    self.segments = segments
  }

  /// The store for `content`; when `previous` (the locale's current store) holds the same keys
  /// and segments, its index and the entries of unchanged messages are reused, and only the
  /// messages whose translation or metadata differ are compiled again (a live edit of one message
  /// in a datafile of 10,000 builds one entry, not 10,000 and a new key index).
  static func make(_ content: DatafileContent, reusing previous: LocaleStore?) -> LocaleStore {
    if let previous, let patched = LocaleStore(content, patching: previous) { return patched }
    return LocaleStore(content)
  }

  /// `previous` with the entries of `content` that differ from it; `nil` when the key sets or
  /// the segments differ (then a full build is needed).
  private init?(_ content: DatafileContent, patching previous: LocaleStore) {
    let old = previous.content
    guard old.segments == content.segments else { return nil }
    var changed: [String] = []
    var count = content.translations.count
    for (key, text) in content.translations {
      guard let before = old.translations[key] else { return nil }
      if before != text || old.messages[key] != content.messages[key] { changed.append(key) }
    }
    for (key, message) in content.messages where content.translations[key] == nil {
      guard old.translations[key] == nil, let before = old.messages[key] else { return nil }
      count += 1
      if before != message { changed.append(key) }
    }
    // Same number of entries, and every new key is an old key: the same key set.
    guard count == previous.entries.count else { return nil }
    var entries = previous.entries
    var indexedEntries = previous.indexedEntries
    var plainTexts = previous.plainTexts
    for key in changed {
      // The index matches exact bytes; a key found only up to normalization needs a full build.
      guard let position = previous.index.position(of: key) else { return nil }
      let entry = Entry(
        translation: content.translations[key], message: content.messages[key],
        segments: previous.segments)
      entries[key] = entry
      indexedEntries[position] = entry
      plainTexts[position] = entry.message == nil ? entry.translation : nil
    }
    self.content = content
    self.entries = entries
    self.index = previous.index
    self.indexedEntries = indexedEntries
    self.plainTexts = plainTexts
    self.segments = previous.segments
  }

  /// The entry of `key`: through ``index``, else (another normalization form of a key, or no
  /// entry) through ``entries``.
  @inline(__always)
  func entry(for key: String) -> Entry? {
    if let position = index.position(of: key) { return indexedEntries[position] }
    return entries[key]
  }

  /// The translation of `key` when it has no message metadata, found by exact bytes; `nil` sends
  /// the caller down the full lookup.
  @inline(__always)
  func plainTranslation(_ key: String) -> String? {
    guard let position = index.position(of: key) else { return nil }
    return plainTexts[position]
  }
}
