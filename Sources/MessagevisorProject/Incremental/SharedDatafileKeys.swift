import Messagevisor
import MessagevisorLocking

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
  /// The overrides' conditions and segments as one locale read them, lent to the others.
  let overrides = SharedOverrideConditions()
  /// Each message's translations as the project holds them (its locales' texts, in the order of
  /// its `LocaleTable`): the rows every locale's translations pick from.
  var rows: DatafileRows<String>

  /// The keys of `list` (the project's messages in key order).
  init(_ list: ContiguousArray<ProjectMessage>) {
    translations = DatafileKeys(list.lazy.map(\.key))
    messages = DatafileKeys(list.lazy.filter(Self.hasMetadata).map(\.key))
    rows = Self.rows(of: list)
  }

  /// The translations of each message of `list`, sharing the project's storage.
  static func rows(of list: ContiguousArray<ProjectMessage>) -> DatafileRows<String> {
    DatafileRows(ContiguousArray(list.lazy.map { $0.translations.packedRow }))
  }

  /// Whether ``rows`` are `list`'s translations now, message by message: the same packed texts,
  /// or (a table changed in memory is not packed) the same bytes.
  func rowsAreCurrent(for list: ContiguousArray<ProjectMessage>) -> Bool {
    guard rows.rows.count == list.count else { return false }
    for (row, message) in zip(rows.rows, list) {
      let table = message.translations
      if let packed = table.packed {
        guard row.isSame(as: packed) else { return false }
        continue
      }
      guard row.count == table.count else { return false }
      for (index, text) in table.values.enumerated() where !row.hasBytes(at: index, of: text) {
        return false
      }
    }
    return true
  }

  /// The position in its row (its translations' order) of the translation that `chain` (a
  /// locale's translation chain) gives `message`: the first locale of the chain it has, as the
  /// build looks it up; `nil` when it has none, or when the position does not fit a pick.
  static func pick(_ message: ProjectMessage, chain: [String]) -> Int? {
    for code in chain {
      if let position = message.translations.codes.position(of: code) {
        return position < Int(DatafileTranslations.noPick) ? position : nil
      }
    }
    return nil
  }

  /// The translations `picks` give (each message's, or `nil`), as texts of their own.
  func texts(_ picks: ContiguousArray<UInt16>) -> ContiguousArray<String?> {
    var texts = ContiguousArray<String?>()
    texts.reserveCapacity(picks.count)
    for (pick, row) in zip(picks, rows.rows) {
      texts.append(pick == DatafileTranslations.noPick ? nil : row.text(at: Int(pick)))
    }
    return texts
  }

  /// Whether these are the keys of `list`: the same messages in the same order.
  func matches(_ list: ContiguousArray<ProjectMessage>) -> Bool {
    translations.count == list.count
      && zip(translations.keys, list).allSatisfy { $0 == $1.key }
  }

  /// Whether `message` can have an entry in a datafile's `messages`.
  static func hasMetadata(_ message: ProjectMessage) -> Bool {
    message.deprecated || message.deprecationWarning != nil || message.meta != nil
      || !message.overrides.isEmpty
  }
}

/// The conditions and segments of each message's overrides as the first locale built read them,
/// lent to every other locale whose overrides have equal ones: the same trees, not one copy per
/// locale (only an override's translation differs between locales).
final class SharedOverrideConditions: Sendable {
  private let first = Locked<[String: [MessageOverride]]>([:])

  /// `message` (the datafile entry of `key`) with the conditions and segments of its overrides
  /// taken from the first locale's entry where they are equal.
  func share(_ message: DatafileMessage, key: String) -> DatafileMessage {
    guard var overrides = message.overrides, !overrides.isEmpty else { return message }
    let known = first.withLock { table -> [MessageOverride]? in
      if let found = table[key] { return found }
      table[key] = overrides
      return nil
    }
    guard let known else { return message }
    var lent = false
    if known.count == overrides.count {
      for (index, shared) in known.enumerated() where overrides[index].key == shared.key {
        if overrides[index].conditions == shared.conditions {
          overrides[index].conditions = shared.conditions
          lent = true
        }
        if overrides[index].segments == shared.segments {
          overrides[index].segments = shared.segments
          lent = true
        }
      }
    }
    guard lent else {
      // The message changed since the kept entry was read (an edit): keep this one instead.
      first.withLock { $0[key] = overrides }
      return message
    }
    var result = message
    result.overrides = overrides
    return result
  }
}
