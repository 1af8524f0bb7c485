import Messagevisor

/// Values by locale code (a message's translations, or where each one is written), in the
/// order they were written: a compact stand-in for `[String: Value]` with the same lookups.
///
/// The codes are shared by every table with the same codes in the same order, so a table costs
/// one array of values; a dictionary of 40 locales costs about four times as much (its hash
/// table has room for 64 keys and values). Lookups cost a dictionary lookup in the shared
/// positions (a linear scan for eight codes or fewer); codes compare as `String`s do (canonical
/// equivalence), as a dictionary's keys do.
///
/// Iteration yields `(key:, value:)` pairs in the order written; equality ignores the order, as
/// a dictionary's does.
///
/// A table of locations where each translation is on the line after the previous one, written
/// as `code: text` (nearly every table a loader reads), keeps only its first location and
/// derives the others (see `LocaleTable+Locations.swift`): 12 bytes instead of 12 per locale.
///
/// A table of texts that a loader reads keeps them packed (`packed`, see
/// `LocaleTable+Packed.swift`): one allocation of UTF-8 instead of one `String` per locale; each
/// read makes the `String`.
public struct LocaleTable<Value: Sendable>: Sendable {
  var codes: LocaleCodes
  /// One value per code; or, for a derived table of locations (``isDerived``), the first
  /// location only; or, for a packed table of texts, nothing.
  var storage: ContiguousArray<Value>
  /// A packed table's texts (only tables of `String` are packed), else `nil`.
  var packed: PackedTexts?

  /// An empty table.
  public init() {
    codes = .empty
    storage = []
  }

  /// A table of `values`' entries, ordered by code.
  public init(_ values: [String: Value]) {
    let sorted = values.sorted { $0.key < $1.key }
    codes = LocaleCodes.interned(sorted.map(\.key))
    storage = ContiguousArray(sorted.map(\.value))
  }

  /// A table of `pairs` in their order; a code listed twice keeps its last value at its first
  /// position (as assigning them in order to a dictionary would keep the last).
  public init<Pairs: Sequence<(String, Value)>>(ordered pairs: Pairs) {
    var list: [String] = []
    var values = ContiguousArray<Value>()
    for (code, value) in pairs {
      list.append(code)
      values.append(value)
    }
    self.init(codes: list, values: values)
  }

  /// A table of `codes[i]` → `values[i]` (the arrays have the same length); repeated codes keep
  /// the last value at the first position.
  init(codes list: [String], values: ContiguousArray<Value>) {
    var interned = LocaleCodes.interned(list)
    var storage = values
    if interned.hasRepeats {
      // A repeated code (rare: the YAML reader rejects duplicate keys).
      var distinct: [String] = []
      var kept = ContiguousArray<Value>()
      var seen: [String: Int] = [:]
      for (code, value) in zip(list, values) {
        if let at = seen[code] {
          kept[at] = value
        } else {
          seen[code] = distinct.count
          distinct.append(code)
          kept.append(value)
        }
      }
      interned = LocaleCodes.interned(distinct)
      storage = kept
    }
    codes = interned
    self.storage = storage
  }

  /// The number of locales.
  public var count: Int { codes.count }

  /// Whether the table is empty.
  public var isEmpty: Bool { codes.count == 0 }

  /// The locale codes, in the order written.
  public var keys: [String] { codes.codes }

  /// The values, in the order of ``keys``.
  public var values: ContiguousArray<Value> {
    isDerived ? derivedValues() : storage
  }

  /// Whether the values are derived from the first one (a table of locations; see
  /// `LocaleTable+Locations.swift`) or packed (a table of texts; see `LocaleTable+Packed.swift`):
  /// the storage holds fewer values than there are codes.
  @inline(__always)
  var isDerived: Bool { storage.count != codes.count }

  /// The value at `position` of ``keys``.
  @inline(__always)
  func value(at position: Int) -> Value {
    isDerived ? derivedValue(at: position) : storage[position]
  }

  /// The value for `locale`; setting `nil` removes it, setting a new locale appends it.
  public subscript(locale: String) -> Value? {
    get {
      guard let position = codes.position(of: locale) else { return nil }
      return value(at: position)
    }
    set {
      if isDerived {
        storage = derivedValues()
        packed = nil
      }
      if let position = codes.position(of: locale) {
        if let newValue {
          storage[position] = newValue
        } else {
          var list = codes.codes
          list.remove(at: position)
          codes = LocaleCodes.unshared(list)
          storage.remove(at: position)
        }
      } else if let newValue {
        codes = LocaleCodes.unshared(codes.codes + [locale])
        storage.append(newValue)
      }
    }
  }

  /// Removes `locale`'s value and returns it.
  @discardableResult
  public mutating func removeValue(forKey locale: String) -> Value? {
    let old = self[locale]
    if old != nil { self[locale] = nil }
    return old
  }

  /// A table with the same locales and `transform` applied to each value.
  public func mapValues<T: Sendable>(_ transform: (Value) throws -> T) rethrows -> LocaleTable<T> {
    LocaleTable<T>(shared: codes, storage: ContiguousArray(try values.map(transform)))
  }

  /// The entries for which `isIncluded` holds, in order (a table, as a dictionary's `filter`
  /// gives a dictionary).
  public func filter(_ isIncluded: ((key: String, value: Value)) throws -> Bool) rethrows
    -> LocaleTable<Value>
  {
    var list: [String] = []
    var kept = ContiguousArray<Value>()
    for entry in self where try isIncluded(entry) {
      list.append(entry.key)
      kept.append(entry.value)
    }
    if list.count == count { return self }
    return LocaleTable(shared: LocaleCodes.interned(list), storage: kept)
  }

  /// The entries as a dictionary.
  public var dictionary: [String: Value] {
    var result: [String: Value] = [:]
    result.reserveCapacity(count)
    for (code, value) in zip(codes.codes, values) { result[code] = value }
    return result
  }

  init(shared codes: LocaleCodes, storage: ContiguousArray<Value>) {
    self.codes = codes
    self.storage = storage
  }
}

extension LocaleTable: Sequence {
  /// Iterates the entries in the order written.
  public struct Iterator: IteratorProtocol {
    let codes: [String]
    let storage: ContiguousArray<Value>
    var position = 0

    /// The next entry.
    public mutating func next() -> (key: String, value: Value)? {
      guard position < storage.count else { return nil }
      defer { position += 1 }
      return (codes[position], storage[position])
    }
  }

  /// An iterator over the entries in the order written.
  public func makeIterator() -> Iterator { Iterator(codes: codes.codes, storage: values) }

  /// The number of entries.
  public var underestimatedCount: Int { codes.count }
}

extension LocaleTable: ExpressibleByDictionaryLiteral {
  /// A table of `elements` in the order written.
  public init(dictionaryLiteral elements: (String, Value)...) {
    self.init(ordered: elements)
  }
}

extension LocaleTable: Equatable where Value: Equatable {
  /// Whether both tables hold the same values for the same locales, in any order.
  public static func == (lhs: LocaleTable, rhs: LocaleTable) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.codes === rhs.codes, let left = lhs.packed, let right = rhs.packed,
      left.hasSameBytes(as: right)
    {
      return true
    }
    if lhs.codes === rhs.codes, lhs.isDerived == rhs.isDerived, lhs.packed == nil,
      rhs.packed == nil
    {
      return lhs.storage == rhs.storage
    }
    for (code, value) in lhs {
      guard rhs[code] == value else { return false }
    }
    return true
  }
}

extension LocaleTable: CustomStringConvertible {
  /// The entries as a dictionary literal, in the order written.
  public var description: String {
    if isEmpty { return "[:]" }
    return "["
      + map { "\(String(reflecting: $0.key)): \(String(reflecting: $0.value))" }
      .joined(separator: ", ") + "]"
  }
}
