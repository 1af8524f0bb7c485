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

/// Rows of values that the tables of a build's locales pick from (see ``DatafileTable``): for
/// each shared key, the texts of every locale the message has, as the project holds them (packed:
/// see ``PackedTexts``). Only translations are picked, so only rows of `String` are made.
package final class DatafileRows<Value: Sendable>: Sendable {
  /// One row per shared key.
  package let rows: ContiguousArray<PackedTexts>

  private init(rows: ContiguousArray<PackedTexts>) {
    self.rows = rows
  }

  /// The value at `pick` of row `row`.
  @inline(__always)
  package func value(_ row: Int, _ pick: Int) -> Value {
    // Only `DatafileRows<String>` can be made (see the initializer).
    unsafeBitCast(rows[row].text(at: pick), to: Value.self)
  }
}

extension DatafileRows where Value == String {
  /// Rows of `rows`.
  package convenience init(_ rows: ContiguousArray<PackedTexts>) {
    self.init(rows: rows)
  }
}

/// A datafile's translations or message metadata by message key: a dictionary, or (for datafiles a
/// project build makes) a table of values in the positions of a ``DatafileKeys`` shared by every
/// locale of the build.
///
/// A dictionary of 20,000 translations keeps a hash table of 32,768 key–value buckets (about 1 MB)
/// per locale; the table keeps one value per key per locale (16 bytes for a translation) and one
/// set of keys for all locales. A table may also pick its values from rows shared by the build's
/// locales (``DatafileRows``: the project's own translations of each message), at 2 bytes per key
/// per locale; a value changed in such a table (an edit) leaves its pick and goes to the
/// dictionary beside the table, where keys outside the shared set (a message added after the
/// build) go too. Lookups, iteration and equality behave as the dictionary's do; iteration follows the
/// shared keys' order.
package struct DatafileTable<Value: Sendable & Equatable>: Sendable {
  /// The shared keys, or `nil` when every value is in ``others``.
  package let keys: DatafileKeys?
  /// One value per shared key (`nil`: the datafile has none for that key); empty while the
  /// values are picked from ``rows``.
  private var values: ContiguousArray<Value?>
  /// The rows the values are picked from, or `nil`.
  private var rows: DatafileRows<Value>?
  /// With ``rows``: per shared key, the position of the value in its row, or ``noPick``.
  private var picks: ContiguousArray<UInt16>
  /// The values of keys outside ``keys``; with ``rows``, also of shared keys whose value was
  /// changed (their pick is ``noPick``).
  private var others: [String: Value]
  /// The number of keys with a value.
  package private(set) var count: Int

  /// A key without a value, in ``picks``.
  package static var noPick: UInt16 { .max }

  /// The entries of `dictionary`.
  package init(_ dictionary: [String: Value] = [:]) {
    keys = nil
    values = []
    rows = nil
    picks = []
    others = dictionary
    count = dictionary.count
  }

  /// The values `values[i]` of `keys.keys[i]` (`values` has one entry per key).
  package init(keys: DatafileKeys, values: ContiguousArray<Value?>) {
    precondition(values.count == keys.count, "one value per key")
    self.keys = keys
    self.values = values
    rows = nil
    picks = []
    others = [:]
    var count = 0
    for value in values where value != nil { count += 1 }
    self.count = count
  }

  /// The values of `keys.keys[i]`: the texts at `picks[i]` of `rows.rows[i]` (none where `picks[i]` is
  /// ``noPick``); `rows` and `picks` have one entry per key, and every pick is in its row.
  package init(keys: DatafileKeys, rows: DatafileRows<Value>, picks: ContiguousArray<UInt16>) {
    precondition(
      rows.rows.count == keys.count && picks.count == keys.count, "one row and pick per key")
    self.keys = keys
    values = []
    self.rows = rows
    self.picks = picks
    others = [:]
    var count = 0
    for (pick, row) in zip(picks, rows.rows) where pick != Self.noPick {
      precondition(Int(pick) < row.count, "a pick within its row")
      count += 1
    }
    self.count = count
  }

  /// Whether there is no value.
  package var isEmpty: Bool { count == 0 }

  /// The value at `position` of the shared keys.
  @inline(__always)
  private func value(at position: Int) -> Value? {
    if let rows {
      let pick = picks[position]
      return pick == Self.noPick ? nil : rows.value(position, Int(pick))
    }
    return values[position]
  }

  /// Whether the shared key at `position` has a value (known without reading the value).
  @inline(__always)
  private func hasValue(at position: Int) -> Bool {
    rows == nil ? values[position] != nil : picks[position] != Self.noPick
  }

  /// Whether `key` has a value (known without reading it).
  package func hasValue(forKey key: String) -> Bool {
    if let keys, let position = keys.position(of: key), hasValue(at: position) { return true }
    return others[key] != nil
  }

  /// Adds every key with a value to `set` (no value is read).
  package func insertKeys(into set: inout Set<String>) {
    if let keys {
      for position in 0..<positions where hasValue(at: position) {
        set.insert(keys.keys[position])
      }
    }
    set.formUnion(others.keys)
  }

  /// The number of shared positions.
  private var positions: Int { rows == nil ? values.count : picks.count }

  /// Gives the table values of its own instead of picks from shared rows (the changed values of
  /// shared keys move from ``others`` to their positions).
  private mutating func ownValues() {
    guard let keys, rows != nil else { return }
    var own = ContiguousArray<Value?>()
    own.reserveCapacity(picks.count)
    for position in 0..<picks.count { own.append(value(at: position)) }
    for (key, value) in others {
      guard let position = keys.position(of: key) else { continue }
      own[position] = value
      others[key] = nil
    }
    values = own
    rows = nil
    picks = []
  }

  /// The value of `key`; setting `nil` removes it.
  package subscript(key: String) -> Value? {
    get {
      if let keys, let position = keys.position(of: key) {
        if let found = value(at: position) { return found }
        return rows == nil || others.isEmpty ? nil : others[key]
      }
      return others[key]
    }
    set {
      if let keys, let position = keys.position(of: key) {
        if rows != nil {
          // Picked: the pick goes, the value (if any) joins the others.
          let old = self[key]
          if picks[position] != Self.noPick { picks[position] = Self.noPick }
          others[key] = newValue
          count += (newValue == nil ? 0 : 1) - (old == nil ? 0 : 1)
          return
        }
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
    if let keys, let position = keys.position(of: key), hasValue(at: position) {
      return keys.storedKey(equalTo: key)
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
    result.ownValues()
    for position in result.values.indices {
      if let value = result.values[position] { result.values[position] = try transform(value) }
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
      ownValues()
      for position in 0..<other.positions {
        guard let value = other.value(at: position) else { continue }
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
      if let rows, rows === other.rows {
        let noPick = Self.noPick
        return zip(picks, other.picks).allSatisfy { ($0 == noPick) == ($1 == noPick) }
      }
      if rows == nil, other.rows == nil,
        values.withUnsafeBufferPointer({ $0.baseAddress })
          == other.values.withUnsafeBufferPointer({ $0.baseAddress })
      {
        return true
      }
      for position in 0..<positions where hasValue(at: position) != other.hasValue(at: position) {
        return false
      }
      return true
    }
    for (key, _) in self where other[key] == nil { return false }
    return true
  }

  /// Whether both pick their values from the same shared rows.
  package func picksFromSameRows(as other: DatafileTable) -> Bool {
    rows != nil && rows === other.rows
  }

  /// Whether every value of a shared key is at its position (none in ``others``).
  private var keepsSharedKeysInPlace: Bool { rows == nil || others.isEmpty }

  /// Whether both hold the same values at the same shared positions (same keys).
  private func sameSharedValues(as other: DatafileTable) -> Bool {
    if let rows, rows === other.rows { return picks == other.picks }
    if rows == nil, other.rows == nil { return values == other.values }
    for position in 0..<positions where value(at: position) != other.value(at: position) {
      return false
    }
    return true
  }
}

extension DatafileTable: Sequence {
  /// Iterates the values: the shared keys' in their order, then the others.
  package struct Iterator: IteratorProtocol {
    let table: DatafileTable
    let keys: ContiguousArray<String>
    var position = 0
    var others: Dictionary<String, Value>.Iterator

    /// The next value.
    package mutating func next() -> (key: String, value: Value)? {
      while position < keys.count {
        defer { position += 1 }
        if let value = table.value(at: position) { return (keys[position], value) }
      }
      return others.next()
    }
  }

  /// An iterator over the values.
  package func makeIterator() -> Iterator {
    Iterator(table: self, keys: keys?.keys ?? [], others: others.makeIterator())
  }

  /// The number of values.
  package var underestimatedCount: Int { count }
}

extension DatafileTable: Equatable {
  /// Whether both hold the same values for the same keys, in any order.
  package static func == (lhs: DatafileTable, rhs: DatafileTable) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.keys === rhs.keys, lhs.keepsSharedKeysInPlace, rhs.keepsSharedKeysInPlace {
      return lhs.sameSharedValues(as: rhs) && lhs.others == rhs.others
    }
    for (key, value) in lhs where rhs[key] != value { return false }
    return true
  }
}

/// A datafile's translations (see ``DatafileTable``).
package typealias DatafileTranslations = DatafileTable<String>
/// A datafile's message metadata (see ``DatafileTable``).
package typealias DatafileMessages = DatafileTable<DatafileMessage>
