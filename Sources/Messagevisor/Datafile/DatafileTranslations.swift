/// The message keys of a build, in one order, shared by the translation tables of every locale
/// built from them (see ``DatafileTranslations``).
///
/// Keys are matched as a dictionary's are (canonical equivalence); a key listed twice keeps its
/// first position.
package final class TranslationKeys: Sendable {
  /// The keys, in table order.
  package let keys: ContiguousArray<String>
  private let positions: [String: Int32]

  /// The keys of `keys`, in that order.
  package init(_ keys: some Sequence<String>) {
    var list = ContiguousArray<String>()
    var positions: [String: Int32] = [:]
    positions.reserveCapacity(keys.underestimatedCount)
    list.reserveCapacity(keys.underestimatedCount)
    for key in keys where positions[key] == nil && list.count < Int(Int32.max) {
      positions[key] = Int32(list.count)
      list.append(key)
    }
    self.keys = list
    self.positions = positions
  }

  /// The number of keys.
  package var count: Int { keys.count }

  /// The position of `key`, or `nil`.
  @inline(__always)
  package func position(of key: String) -> Int? { positions[key].map(Int.init) }

  /// The key as stored that equals `key` (the same key, perhaps in another normalization form).
  package func storedKey(equalTo key: String) -> String? {
    positions.index(forKey: key).map { positions[$0].key }
  }
}

/// A datafile's translations by message key: a dictionary, or (for datafiles a project build
/// makes) a table of values in the positions of a ``TranslationKeys`` shared by every locale of
/// the build.
///
/// A dictionary of 20,000 translations keeps a hash table of 32,768 key–value buckets (about 1 MB)
/// per locale; the table keeps 16 bytes per key per locale and one set of keys for all locales.
/// Keys outside the shared set (a message added by an edit after the build) go to a dictionary
/// beside the table. Lookups, iteration and equality behave as the dictionary's do; iteration
/// follows the shared keys' order.
package struct DatafileTranslations: Sendable {
  /// The shared keys, or `nil` when every translation is in ``others``.
  package let keys: TranslationKeys?
  /// One value per shared key (`nil`: the locale has no translation of that key).
  private var values: ContiguousArray<String?>
  /// The translations of keys outside ``keys``.
  private var others: [String: String]
  /// The number of translations.
  package private(set) var count: Int

  /// The translations of `dictionary`.
  package init(_ dictionary: [String: String] = [:]) {
    keys = nil
    values = []
    others = dictionary
    count = dictionary.count
  }

  /// The translations `values[i]` of `keys.keys[i]` (`values` has one entry per key).
  package init(keys: TranslationKeys, values: ContiguousArray<String?>) {
    precondition(values.count == keys.count, "one value per key")
    self.keys = keys
    self.values = values
    others = [:]
    var count = 0
    for value in values where value != nil { count += 1 }
    self.count = count
  }

  /// Whether there is no translation.
  package var isEmpty: Bool { count == 0 }

  /// The translation of `key`; setting `nil` removes it.
  package subscript(key: String) -> String? {
    get {
      if let keys, let position = keys.position(of: key) { return values[position] }
      return others[key]
    }
    set {
      if let keys, let position = keys.position(of: key) {
        count += (newValue == nil ? 0 : 1) - (values[position] == nil ? 0 : 1)
        values[position] = newValue
      } else {
        let old: String?
        if let newValue {
          old = others.updateValue(newValue, forKey: key)
        } else {
          old = others.removeValue(forKey: key)
        }
        count += (newValue == nil ? 0 : 1) - (old == nil ? 0 : 1)
      }
    }
  }

  /// The key as stored that equals `key` (the same key, perhaps in another normalization form),
  /// when it has a translation.
  package func storedKey(equalTo key: String) -> String? {
    if let keys, let position = keys.position(of: key) {
      return values[position] == nil ? nil : keys.storedKey(equalTo: key)
    }
    return others.index(forKey: key).map { others[$0].key }
  }

  /// The translations as a dictionary (made anew for a table).
  package var dictionary: [String: String] {
    if keys == nil { return others }
    var result = others
    result.reserveCapacity(count)
    for (key, value) in self { result[key] = value }
    return result
  }

  /// Takes the translations out as a dictionary, leaving none (the dictionary is then uniquely
  /// referenced and can be changed in place).
  package mutating func takeDictionary() -> [String: String] {
    let result = keys == nil ? others : dictionary
    self = DatafileTranslations()
    return result
  }

  /// The same keys with `transform` applied to each translation.
  package func mapValues(_ transform: (String) throws -> String) rethrows -> DatafileTranslations {
    var result = self
    for position in values.indices {
      if let value = values[position] { result.values[position] = try transform(value) }
    }
    result.others = try others.mapValues(transform)
    return result
  }

  /// Copies every translation of `other` into this one (`other`'s win).
  package mutating func merge(_ other: DatafileTranslations) {
    if keys == nil, other.keys == nil {
      others.merge(other.others) { _, new in new }
      count = others.count
      return
    }
    if let keys, keys === other.keys {
      // The same shared keys: position by position, no lookups.
      for position in other.values.indices {
        guard let value = other.values[position] else { continue }
        if values[position] == nil { count += 1 }
        values[position] = value
      }
      for (key, value) in other.others { self[key] = value }
      return
    }
    for (key, value) in other { self[key] = value }
  }

  /// Whether both hold the same keys and translations, in any order.
  package func hasSameKeys(as other: DatafileTranslations) -> Bool {
    guard count == other.count else { return false }
    if let keys, keys === other.keys, others.isEmpty, other.others.isEmpty {
      if values.withUnsafeBufferPointer({ $0.baseAddress })
        == other.values.withUnsafeBufferPointer({ $0.baseAddress })
      {
        return true
      }
      for position in values.indices
      where (values[position] == nil) != (other.values[position] == nil) {
        return false
      }
      return true
    }
    for (key, _) in self where other[key] == nil { return false }
    return true
  }
}

extension DatafileTranslations: Sequence {
  /// Iterates the translations: the shared keys' in their order, then the others.
  package struct Iterator: IteratorProtocol {
    let keys: ContiguousArray<String>
    let values: ContiguousArray<String?>
    var position = 0
    var others: Dictionary<String, String>.Iterator

    /// The next translation.
    package mutating func next() -> (key: String, value: String)? {
      while position < values.count {
        defer { position += 1 }
        if let value = values[position] { return (keys[position], value) }
      }
      return others.next()
    }
  }

  /// An iterator over the translations.
  package func makeIterator() -> Iterator {
    Iterator(keys: keys?.keys ?? [], values: values, others: others.makeIterator())
  }

  /// The number of translations.
  package var underestimatedCount: Int { count }
}

extension DatafileTranslations: Equatable {
  /// Whether both hold the same translations for the same keys, in any order.
  package static func == (lhs: DatafileTranslations, rhs: DatafileTranslations) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.keys === rhs.keys { return lhs.values == rhs.values && lhs.others == rhs.others }
    for (key, value) in lhs where rhs[key] != value { return false }
    return true
  }
}
