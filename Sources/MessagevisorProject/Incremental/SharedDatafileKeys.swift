import Messagevisor

/// The keys that the tables of every locale's datafile share in one target build (see
/// `DatafileTable`): each message's key for the translations, and the keys of messages with
/// metadata (deprecation, meta, overrides) for the messages.
///
/// A datafile entry whose key is not shared (metadata added by an edit after the keys were
/// made) still has its place beside the table: the keys decide only how much memory a locale
/// takes, never what it holds.
struct SharedDatafileKeys {
  /// Every message's key, in the build's message order.
  let translations: DatafileKeys
  /// The keys of messages with metadata, in the same order.
  let messages: DatafileKeys
  /// By position in the build's message list: the message's position in ``messages``, or -1.
  let messageSlots: ContiguousArray<Int32>

  /// The keys of `list` (the project's messages in key order).
  init(_ list: ContiguousArray<ProjectMessage>) {
    translations = DatafileKeys(list.lazy.map(\.key))
    var slots = ContiguousArray<Int32>(repeating: -1, count: list.count)
    var withMetadata: [String] = []
    for index in list.indices where Self.hasMetadata(list[index]) {
      slots[index] = Int32(withMetadata.count)
      withMetadata.append(list[index].key)
    }
    messages = DatafileKeys(withMetadata)
    messageSlots = slots
  }

  /// Whether these are the keys of `list`: the same messages in the same order.
  func matches(_ list: ContiguousArray<ProjectMessage>) -> Bool {
    translations.count == list.count
      && zip(translations.keys, list).allSatisfy { $0 == $1.key }
  }

  /// Whether every key is distinct, so that each message has its own position.
  var isComplete: Bool { translations.count == messageSlots.count }

  /// Whether `message` can have an entry in a datafile's `messages`.
  static func hasMetadata(_ message: ProjectMessage) -> Bool {
    message.deprecated || message.deprecationWarning != nil || message.meta != nil
      || !message.overrides.isEmpty
  }
}
