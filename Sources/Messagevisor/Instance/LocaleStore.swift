/// A stored datafile plus a one-lookup index from message key to everything `translate` needs.
final class LocaleStore: @unchecked Sendable {
  /// What one message key resolves through (a class, so a lookup costs one retain).
  final class Entry: @unchecked Sendable {
    /// The base translation.
    let translation: String?
    /// Message metadata, when the datafile has any for the key.
    let message: DatafileMessage?

    init(translation: String?, message: DatafileMessage?) {
      self.translation = translation
      self.message = message
    }
  }

  let content: DatafileContent
  let entries: [String: Entry]
  /// Translations of keys without message metadata (the translate fast path).
  let plain: [String: String]

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
  }
}
