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

    init(translation: String?, message: DatafileMessage?) {
      self.translation = translation
      self.message = message
      self.overrides = (message?.overrides ?? []).map { override in
        var compiled = override
        compiled.conditions = override.conditions.map(ConditionCompiler.compile)
        compiled.segments = override.segments.map(ConditionCompiler.compile)
        return compiled
      }
    }
  }

  let content: DatafileContent
  let entries: [String: Entry]
  /// Translations of keys without message metadata (the translate fast path).
  let plain: [String: String]
  /// The segments with JSON-string conditions parsed once.
  let segments: [String: Segment]

  init(_ content: DatafileContent) {
    self.content = content
    var entries: [String: Entry] = [:]
    entries.reserveCapacity(content.translations.count + content.messages.count)
    for (key, text) in content.translations {
      entries[key] = Entry(translation: text, message: content.messages[key])
    }
    for (key, message) in content.messages where content.translations[key] == nil {
      entries[key] = Entry(translation: nil, message: message)
    }
    self.entries = entries
    self.plain = content.translations.filter { content.messages[$0.key] == nil }
    self.segments = content.segments.mapValues { segment in
      Segment(archived: segment.archived, conditions: ConditionCompiler.compile(segment.conditions))
    }
  }
}
