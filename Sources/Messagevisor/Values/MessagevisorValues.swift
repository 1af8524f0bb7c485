/// The values passed to a translation or message evaluation: a string-keyed map of
/// ``MessagevisorValue``s, written as a dictionary literal.
///
/// ```swift
/// try m.t("dashboard.welcome", values: ["name": .string(user.name)])
/// let values: MessagevisorValues = ["count": .int(3)]
/// ```
///
/// It reads like `[String: MessagevisorValue]` (`values["name"]`, `count`, `isEmpty`, `keys`,
/// iteration over `(key, value)` pairs, subscript assignment, `updateValue(_:forKey:)`,
/// `removeValue(forKey:)`, `merge`), but a call's values are usually one to four entries and are
/// built at the call site on every call, so it stores up to four entries inline: building one from
/// a literal allocates nothing (a `Dictionary` literal allocates its storage and hashes every
/// key), and a lookup compares a few keys instead of hashing. Five to eight entries are one array
/// searched linearly; larger sets add a hash index.
///
/// Differences from `Dictionary`:
/// - A key repeated in a literal does not trap: the last value wins, at the key's first position
///   (as assigning the key again would).
/// - Iteration follows insertion order (literal order; a new key goes last, an updated key keeps
///   its place, removing a key keeps the order of the others).
/// - Equality and hashing ignore order, like a dictionary's.
///
/// Convert with `init(_:)` and ``dictionary`` where a `[String: MessagevisorValue]` is needed.
public struct MessagevisorValues: Sendable {
  /// A key and its value, labelled as a `Dictionary` element is.
  public typealias Element = (key: String, value: MessagevisorValue)

  /// The entries: inline up to four, an array up to eight, an array with a hash index beyond.
  @usableFromInline
  enum Storage: Sendable {
    case empty
    case one(String, MessagevisorValue)
    case two(String, MessagevisorValue, String, MessagevisorValue)
    case three(String, MessagevisorValue, String, MessagevisorValue, String, MessagevisorValue)
    case four(
      String, MessagevisorValue, String, MessagevisorValue, String, MessagevisorValue, String,
      MessagevisorValue)
    /// Five to eight entries, in order, distinct keys.
    case list(ContiguousArray<Element>)
    /// More than eight entries, in order, with each key's position.
    case table(ContiguousArray<Element>, [String: Int])
  }

  @usableFromInline
  var storage: Storage

  /// The most entries stored inline.
  static let inlineCapacity = 4
  /// The most entries searched linearly; beyond, a hash index is kept.
  static let linearCapacity = 8

  @inlinable
  init(storage: Storage) {
    self.storage = storage
  }

  /// Empty values.
  @inlinable
  public init() {
    storage = .empty
  }

  /// The entries of `dictionary` (in the dictionary's iteration order).
  public init(_ dictionary: [String: MessagevisorValue]) {
    self.init(distinct: ContiguousArray(dictionary.lazy.map { (key: $0.key, value: $0.value) }))
  }

  /// The entries of `pairs`; a repeated key keeps its last value at its first position.
  public init<S: Sequence>(_ pairs: S) where S.Element == (String, MessagevisorValue) {
    var entries = ContiguousArray<Element>()
    entries.reserveCapacity(pairs.underestimatedCount)
    for (key, value) in pairs {
      if let index = entries.firstIndex(where: { $0.key == key }) {
        entries[index].value = value
      } else {
        entries.append((key: key, value: value))
      }
    }
    self.init(distinct: entries)
  }

  /// Values of `entries`, whose keys are known to be distinct.
  init(distinct entries: ContiguousArray<Element>) {
    switch entries.count {
    case 0: storage = .empty
    case 1: storage = .one(entries[0].key, entries[0].value)
    case 2:
      storage = .two(entries[0].key, entries[0].value, entries[1].key, entries[1].value)
    case 3:
      storage = .three(
        entries[0].key, entries[0].value, entries[1].key, entries[1].value, entries[2].key,
        entries[2].value)
    case 4:
      storage = .four(
        entries[0].key, entries[0].value, entries[1].key, entries[1].value, entries[2].key,
        entries[2].value, entries[3].key, entries[3].value)
    case ...Self.linearCapacity: storage = .list(entries)
    default: storage = .table(entries, Self.index(entries))
    }
  }

  private static func index(_ entries: ContiguousArray<Element>) -> [String: Int] {
    var index: [String: Int] = [:]
    index.reserveCapacity(entries.count)
    for (position, entry) in entries.enumerated() { index[entry.key] = position }
    return index
  }

  /// The entries in order, as an array (allocates; for the general paths).
  var entries: ContiguousArray<Element> {
    switch storage {
    case .empty: return []
    case .one(let k0, let v0): return [(k0, v0)]
    case .two(let k0, let v0, let k1, let v1): return [(k0, v0), (k1, v1)]
    case .three(let k0, let v0, let k1, let v1, let k2, let v2):
      return [(k0, v0), (k1, v1), (k2, v2)]
    case .four(let k0, let v0, let k1, let v1, let k2, let v2, let k3, let v3):
      return [(k0, v0), (k1, v1), (k2, v2), (k3, v3)]
    case .list(let entries), .table(let entries, _): return entries
    }
  }

  /// The values as a `Dictionary`.
  public var dictionary: [String: MessagevisorValue] {
    var result: [String: MessagevisorValue] = [:]
    result.reserveCapacity(count)
    for (key, value) in self { result[key] = value }
    return result
  }

  /// The number of entries.
  @inlinable
  public var count: Int {
    switch storage {
    case .empty: return 0
    case .one: return 1
    case .two: return 2
    case .three: return 3
    case .four: return 4
    case .list(let entries): return entries.count
    case .table(let entries, _): return entries.count
    }
  }

  /// Whether there are no entries.
  @inlinable
  public var isEmpty: Bool {
    if case .empty = storage { return true }
    return false
  }

  /// The value of `key`, or `nil`. Setting `nil` removes the key; setting a new key appends it.
  @inlinable
  public subscript(key: String) -> MessagevisorValue? {
    get { value(forKey: key) }
    set {
      if let newValue {
        updateValue(newValue, forKey: key)
      } else {
        removeValue(forKey: key)
      }
    }
  }

  /// The value of `key`, or `default` when absent; assigning through it adds the key.
  public subscript(
    key: String, default defaultValue: @autoclosure () -> MessagevisorValue
  ) -> MessagevisorValue {
    get { value(forKey: key) ?? defaultValue() }
    set { updateValue(newValue, forKey: key) }
  }

  /// `self[key]`: compares the keys of a small set in order, looks a large one up by hash.
  @inlinable
  func value(forKey key: String) -> MessagevisorValue? {
    switch storage {
    case .empty: return nil
    case .one(let k0, let v0):
      if k0 == key { return v0 }
      return nil
    case .two(let k0, let v0, let k1, let v1):
      if k0 == key { return v0 }
      if k1 == key { return v1 }
      return nil
    case .three(let k0, let v0, let k1, let v1, let k2, let v2):
      if k0 == key { return v0 }
      if k1 == key { return v1 }
      if k2 == key { return v2 }
      return nil
    case .four(let k0, let v0, let k1, let v1, let k2, let v2, let k3, let v3):
      if k0 == key { return v0 }
      if k1 == key { return v1 }
      if k2 == key { return v2 }
      if k3 == key { return v3 }
      return nil
    case .list(let entries):
      for entry in entries where entry.key == key { return entry.value }
      return nil
    case .table(let entries, let index):
      return index[key].map { entries[$0].value }
    }
  }

  /// The position of `key` among the entries, or `nil`.
  func position(of key: String) -> Int? {
    switch storage {
    case .table(_, let index): return index[key]
    default:
      var position = 0
      for entry in self {
        if entry.key == key { return position }
        position += 1
      }
      return nil
    }
  }

  /// Sets `key` to `value` (a new key goes last) and returns the previous value, if any.
  @discardableResult
  public mutating func updateValue(_ value: MessagevisorValue, forKey key: String)
    -> MessagevisorValue?
  {
    if case .table(var entries, var index) = storage {
      storage = .empty  // the arrays are uniquely referenced while they change
      defer { storage = .table(entries, index) }
      if let position = index[key] {
        let old = entries[position].value
        entries[position].value = value
        return old
      }
      index[key] = entries.count
      entries.append((key: key, value: value))
      return nil
    }
    var entries = self.entries
    if let position = entries.firstIndex(where: { $0.key == key }) {
      let old = entries[position].value
      entries[position].value = value
      self = MessagevisorValues(distinct: entries)
      return old
    }
    entries.append((key: key, value: value))
    self = MessagevisorValues(distinct: entries)
    return nil
  }

  /// Removes `key` and returns its value, if it was present.
  @discardableResult
  public mutating func removeValue(forKey key: String) -> MessagevisorValue? {
    guard let position = position(of: key) else { return nil }
    var entries = self.entries
    let old = entries.remove(at: position).value
    self = MessagevisorValues(distinct: entries)
    return old
  }

  /// Removes every entry.
  public mutating func removeAll() {
    storage = .empty
  }

  /// Adds the entries of `other`; for a key present in both, `combine(current, new)` decides.
  public mutating func merge<S: Sequence>(
    _ other: S,
    uniquingKeysWith combine: (MessagevisorValue, MessagevisorValue) throws ->
      MessagevisorValue
  ) rethrows where S.Element == (key: String, value: MessagevisorValue) {
    for (key, value) in other {
      if let current = self[key] {
        updateValue(try combine(current, value), forKey: key)
      } else {
        updateValue(value, forKey: key)
      }
    }
  }

  /// Adds the entries of `other`; for a key present in both, `combine(current, new)` decides.
  public mutating func merge(
    _ other: MessagevisorValues,
    uniquingKeysWith combine: (MessagevisorValue, MessagevisorValue) throws -> MessagevisorValue
  ) rethrows {
    try merge(other.lazy.map { $0 }, uniquingKeysWith: combine)
  }

  /// A copy with the entries of `other` added (see `merge(_:uniquingKeysWith:)`).
  public func merging(
    _ other: MessagevisorValues,
    uniquingKeysWith combine: (MessagevisorValue, MessagevisorValue) throws -> MessagevisorValue
  ) rethrows -> MessagevisorValues {
    var result = self
    try result.merge(other, uniquingKeysWith: combine)
    return result
  }

  /// The keys, in order.
  public var keys: [String] { map(\.key) }

  /// The values, in the order of their keys.
  public var values: [MessagevisorValue] { map(\.value) }

  /// The same keys with `transform` applied to each value.
  public func mapValues(_ transform: (MessagevisorValue) throws -> MessagevisorValue) rethrows
    -> MessagevisorValues
  {
    var entries = self.entries
    for position in entries.indices {
      entries[position].value = try transform(entries[position].value)
    }
    return MessagevisorValues(distinct: entries)
  }

  /// The entries for which `isIncluded` holds, as values (as `Dictionary.filter` returns a
  /// dictionary).
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> MessagevisorValues {
    MessagevisorValues(distinct: ContiguousArray(try entries.filter(isIncluded)))
  }
}

extension MessagevisorValues: ExpressibleByDictionaryLiteral {
  /// Values from a literal, stored inline for up to four entries (no allocation once the literal's
  /// argument array is optimized away); a repeated key keeps its last value at its first position.
  @inlinable @inline(__always)
  public init(dictionaryLiteral elements: (String, MessagevisorValue)...) {
    switch elements.count {
    case 0:
      self.init(storage: .empty)
    case 1:
      self.init(storage: .one(elements[0].0, elements[0].1))
    case 2 where elements[0].0 != elements[1].0:
      self.init(storage: .two(elements[0].0, elements[0].1, elements[1].0, elements[1].1))
    case 3
    where elements[0].0 != elements[1].0 && elements[0].0 != elements[2].0
      && elements[1].0 != elements[2].0:
      self.init(
        storage: .three(
          elements[0].0, elements[0].1, elements[1].0, elements[1].1, elements[2].0,
          elements[2].1))
    default:
      self.init(literal: elements)
    }
  }

  /// The general case of a literal: more than three entries, or a repeated key.
  @usableFromInline
  init(literal elements: [(String, MessagevisorValue)]) {
    self.init(elements)
  }
}

extension MessagevisorValues: Collection {
  /// A position in the entries.
  public struct Index: Comparable, Hashable, Sendable {
    @usableFromInline
    let offset: Int

    @inlinable
    init(_ offset: Int) { self.offset = offset }

    /// Orders positions front to back.
    @inlinable
    public static func < (lhs: Index, rhs: Index) -> Bool { lhs.offset < rhs.offset }
  }

  /// The first entry's position.
  @inlinable
  public var startIndex: Index { Index(0) }

  /// The position after the last entry.
  @inlinable
  public var endIndex: Index { Index(count) }

  /// The position after `i`.
  @inlinable
  public func index(after i: Index) -> Index { Index(i.offset + 1) }

  /// The entry at `position`.
  public subscript(position: Index) -> Element {
    let offset = position.offset
    switch storage {
    case .empty: break
    case .one(let k0, let v0): if offset == 0 { return (k0, v0) }
    case .two(let k0, let v0, let k1, let v1):
      switch offset {
      case 0: return (k0, v0)
      case 1: return (k1, v1)
      default: break
      }
    case .three(let k0, let v0, let k1, let v1, let k2, let v2):
      switch offset {
      case 0: return (k0, v0)
      case 1: return (k1, v1)
      case 2: return (k2, v2)
      default: break
      }
    case .four(let k0, let v0, let k1, let v1, let k2, let v2, let k3, let v3):
      switch offset {
      case 0: return (k0, v0)
      case 1: return (k1, v1)
      case 2: return (k2, v2)
      case 3: return (k3, v3)
      default: break
      }
    case .list(let entries), .table(let entries, _): return entries[offset]
    }
    preconditionFailure("MessagevisorValues index \(offset) out of range (count \(count))")
  }

  /// The position of `key`'s entry, or `nil`.
  public func index(forKey key: String) -> Index? {
    position(of: key).map(Index.init)
  }
}

extension MessagevisorValues: Equatable {
  /// The same keys with equal values, in any order (as for a dictionary).
  public static func == (lhs: MessagevisorValues, rhs: MessagevisorValues) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for (key, value) in lhs {
      guard let other = rhs[key], other == value else { return false }
    }
    return true
  }
}

extension MessagevisorValues: Hashable {
  /// Hashes independently of order, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    var combined = 0
    for (key, value) in self {
      var entry = Hasher()
      entry.combine(key)
      entry.combine(value)
      combined ^= entry.finalize()
    }
    hasher.combine(count)
    hasher.combine(combined)
  }
}

extension MessagevisorValues: Codable {
  /// Decodes a JSON object.
  public init(from decoder: any Decoder) throws {
    self.init(try [String: MessagevisorValue](from: decoder))
  }

  /// Encodes as a JSON object.
  public func encode(to encoder: any Encoder) throws {
    try dictionary.encode(to: encoder)
  }
}

extension MessagevisorValues: CustomStringConvertible, CustomDebugStringConvertible {
  /// `["key": value, …]` in order, as a dictionary prints.
  public var description: String {
    if isEmpty { return "[:]" }
    let body = map { "\(String(reflecting: $0.key)): \(String(reflecting: $0.value))" }
    return "[" + body.joined(separator: ", ") + "]"
  }

  /// The same as `description`.
  public var debugDescription: String { description }
}

extension MessagevisorValue {
  /// An `.object` of `values`.
  @_disfavoredOverload
  public static func object(_ values: MessagevisorValues) -> MessagevisorValue {
    .object(values.dictionary)
  }
}
