import Messagevisor

/// Tables of texts kept packed.
///
/// A project's translations are most of its memory: 800,000 texts of a big app's project were
/// 880,000 `String` objects of about 115 bytes each. A loader packs each message's table (its
/// locales' texts in one ``PackedTexts``); reading a value makes its `String`, and a change
/// unpacks the table (one message's texts). The datafiles a build makes pick their texts from the
/// same packed rows (`SharedDatafileKeys`), so a text is kept once however many locales use it.
extension LocaleTable where Value == String {
  /// A table of `codes[i]` → the text at `i` of `texts` (one per code), packed (unpacked and
  /// packed again when a code is repeated: the last text is kept, at the first position).
  init(codes list: [String], packed texts: PackedTexts) {
    let interned = LocaleCodes.interned(list)
    guard !interned.hasRepeats, texts.count == list.count, !list.isEmpty else {
      self = LocaleTable(codes: list, values: texts.texts).packedTexts()
      return
    }
    self.init(shared: interned, storage: [])
    packed = texts
  }

  /// This table with its texts packed (the table itself when it is empty or already packed).
  func packedTexts() -> LocaleTable {
    guard packed == nil, !isEmpty, let texts = PackedTexts.make(storage) else { return self }
    var result = LocaleTable(shared: codes, storage: [])
    result.packed = texts
    return result
  }

  /// The texts in the order of ``keys``, packed: the table's own when it is packed, else a
  /// packed copy (no texts when they are too large to pack: a row nothing is picked from).
  var packedRow: PackedTexts {
    if let packed { return packed }
    return PackedTexts.make(values) ?? PackedTexts.empty
  }
}
