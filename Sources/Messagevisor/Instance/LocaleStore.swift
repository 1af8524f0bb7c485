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
