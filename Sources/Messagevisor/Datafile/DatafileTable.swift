/// Message keys in one order, shared by the tables of every locale a build makes (see
/// ``DatafileTable``).
///
/// Keys are matched as a dictionary's are (canonical equivalence); a key listed twice keeps its
/// first position.
package final class DatafileKeys: Sendable {
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

/// A datafile's translations or message metadata by message key: a dictionary, or (for datafiles a
/// project build makes) a table of values in the positions of a ``DatafileKeys`` shared by every
/// locale of the build.
///
/// A dictionary of 20,000 translations keeps a hash table of 32,768 key–value buckets (about 1 MB)
/// per locale; the table keeps one value per key per locale (16 bytes for a translation) and one
/// set of keys for all locales. Keys outside the shared set (a message added by an edit after the
/// build) go to a dictionary beside the table. Lookups, iteration and equality behave as the
/// dictionary's do; iteration follows the shared keys' order.
package struct DatafileTable<Value: Sendable & Equatable>: Sendable {
  /// The shared keys, or `nil` when every value is in ``others``.
  package let keys: DatafileKeys?
  /// One value per shared key (`nil`: the datafile has none for that key).
  private var values: ContiguousArray<Value?>
  /// The values of keys outside ``keys``.
  private var others: [String: Value]
  /// The number of keys with a value.
  package private(set) var count: Int

  /// The entries of `dictionary`.
  package init(_ dictionary: [String: Value] = [:]) {
    keys = nil
    values = []
    others = dictionary
    count = dictionary.count
  }

  /// The values `values[i]` of `keys.keys[i]` (`values` has one entry per key).
  package init(keys: DatafileKeys, values: ContiguousArray<Value?>) {
    precondition(values.count == keys.count, "one value per key")
    self.keys = keys
    self.values = values
    others = [:]
    var count = 0
    for value in values where value != nil { count += 1 }
    self.count = count
  }

  /// Whether there is no value.
  package var isEmpty: Bool { count == 0 }

  /// The value of `key`; setting `nil` removes it.
  package subscript(key: String) -> Value? {
    get {
      if let keys, let position = keys.position(of: key) { return values[position] }
      return others[key]
    }
    set {
      if let keys, let position = keys.position(of: key) {
        count += (newValue == nil ? 0 : 1) - (values[position] == nil ? 0 : 1)
        values[position] = newValue
      } else {
        let old: Value?
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
  /// when it has a value.
  package func storedKey(equalTo key: String) -> String? {
    if let keys, let position = keys.position(of: key) {
      return values[position] == nil ? nil : keys.storedKey(equalTo: key)
    }
    return others.index(forKey: key).map { others[$0].key }
  }

  /// The values as a dictionary (made anew for a table).
  package var dictionary: [String: Value] {
    if keys == nil { return others }
    var result = others
    result.reserveCapacity(count)
    for (key, value) in self { result[key] = value }
    return result
  }

  /// Takes the values out as a dictionary, leaving none (the dictionary is then uniquely
  /// referenced and can be changed in place).
  package mutating func takeDictionary() -> [String: Value] {
    let result = keys == nil ? others : dictionary
    self = DatafileTable()
    return result
  }

  /// The same keys with `transform` applied to each value.
  package func mapValues(_ transform: (Value) throws -> Value) rethrows -> DatafileTable {
    var result = self
    for position in values.indices {
      if let value = values[position] { result.values[position] = try transform(value) }
    }
    result.others = try others.mapValues(transform)
    return result
  }

  /// Copies every value of `other` into this one (`other`'s win).
  package mutating func merge(_ other: DatafileTable) {
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

  /// Whether both hold the same keys and values, in any order.
  package func hasSameKeys(as other: DatafileTable) -> Bool {
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

extension DatafileTable: Sequence {
  /// Iterates the values: the shared keys' in their order, then the others.
  package struct Iterator: IteratorProtocol {
    let keys: ContiguousArray<String>
    let values: ContiguousArray<Value?>
    var position = 0
    var others: Dictionary<String, Value>.Iterator

    /// The next value.
    package mutating func next() -> (key: String, value: Value)? {
      while position < values.count {
        defer { position += 1 }
        if let value = values[position] { return (keys[position], value) }
      }
      return others.next()
    }
  }

  /// An iterator over the values.
  package func makeIterator() -> Iterator {
    Iterator(keys: keys?.keys ?? [], values: values, others: others.makeIterator())
  }

  /// The number of values.
  package var underestimatedCount: Int { count }
}

extension DatafileTable: Equatable {
  /// Whether both hold the same values for the same keys, in any order.
  package static func == (lhs: DatafileTable, rhs: DatafileTable) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.keys === rhs.keys { return lhs.values == rhs.values && lhs.others == rhs.others }
    for (key, value) in lhs where rhs[key] != value { return false }
    return true
  }
}

/// A datafile's translations (see ``DatafileTable``).
package typealias DatafileTranslations = DatafileTable<String>
/// A datafile's message metadata (see ``DatafileTable``).
package typealias DatafileMessages = DatafileTable<DatafileMessage>
