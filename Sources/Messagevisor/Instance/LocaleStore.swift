/// A stored datafile plus a one-lookup index from message key to everything `translate` needs.
final class LocaleStore: @unchecked Sendable {
  /// What one message key resolves through.
  struct Entry {
    /// The base translation.
    var translation: String?
    /// Message metadata, when the datafile has any for the key.
    var message: DatafileMessage?
  }

  let content: DatafileContent
  let entries: [String: Entry]

  init(_ content: DatafileContent) {
    self.content = content
    var entries: [String: Entry] = [:]
    entries.reserveCapacity(content.translations.count + content.messages.count)
    for (key, text) in content.translations { entries[key] = Entry(translation: text) }
    for (key, message) in content.messages {
      entries[key, default: Entry()].message = message
    }
    self.entries = entries
  }
}
