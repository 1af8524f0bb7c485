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
/// `removeValue(forKey:)`, `merge`), but a call's values are usually one or two entries and are
/// built at the call site on every call, so it stores up to two entries inline: building one from
/// a literal allocates nothing (a `Dictionary` literal allocates its storage and hashes every
/// key), and a lookup compares a key or two instead of hashing. Three to eight entries are one
/// array searched linearly; larger sets add a hash index.
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

  // Two entries are stored inline, each an `Optional` entry (`first`, `second`; unused ones are
  // `.none`), read in place by a lookup: a `switch` over an enum with the entries as payloads
  // copied (retained, then released) every payload of the case first. Destroying a value checks
  // each slot's tag and releases only the entries it holds: with plain `String` and
  // `MessagevisorValue` fields an unused slot (`""`, `.null`) still cost two runtime calls when a
  // literal was destroyed, on every call. More entries all live in `spill` (one allocation) and
  // the slots are unused; without them `spill` is `nil`, so a literal's destruction releases
  // nothing for it (an empty array and an empty dictionary were two more release calls on every
  // call). The type stays small (96 bytes on 64-bit platforms) so that a literal is built where
  // the call passes it:
  // with four inline entries as enum payloads it was 161 bytes, built in a temporary and copied
  // with `memcpy` on every call. No stored property has an implicit `nil` initial value (they are
  // spelled `Optional<…>`): its initializer call made every literal be built in a temporary and
  // copied, too.

  /// The number of entries (stored; ``count`` reads it).
  @usableFromInline var storedCount: Int
  /// The first entry when `count` is 1 or 2; else `.none`.
  @usableFromInline var first: Optional<Element>
  /// The second entry when `count` is 2; else `.none`.
  @usableFromInline var second: Optional<Element>
  /// The entries when `count` > ``inlineCapacity``; else `nil`. (Spelled `Optional<…>`: a
  /// `Spill?` stored property gets an implicit `nil` initial value, see above.)
  @usableFromInline var spill: Optional<Spill>

  /// More than ``inlineCapacity`` entries, shared between copies until one of them changes.
  @usableFromInline
  final class Spill: @unchecked Sendable {
    /// Every entry, in order, with distinct keys.
    @usableFromInline var entries: ContiguousArray<Element>
    /// Each key's position when there are more than ``linearCapacity`` entries; else empty.
    var index: [String: Int]

    init(_ entries: ContiguousArray<Element>) {
      self.entries = entries
      index = entries.count > MessagevisorValues.linearCapacity ? Self.index(entries) : [:]
    }

    init(copying other: Spill) {
      entries = other.entries
      index = other.index
    }

    private static func index(_ entries: ContiguousArray<Element>) -> [String: Int] {
      var index: [String: Int] = [:]
      index.reserveCapacity(entries.count)
      for (position, entry) in entries.enumerated() { index[entry.key] = position }
      return index
    }
  }

  /// The most entries stored inline.
  @usableFromInline static let inlineCapacity = 2
  /// The most entries searched linearly; beyond, a hash index is kept.
  static let linearCapacity = 8

  /// Up to two entries with distinct keys, inline (`count` of them are given).
  @inlinable @inline(__always)
  init(count: Int, first: Element? = nil, second: Element? = nil) {
    self.storedCount = count
    self.first = first
    self.second = second
    self.spill = .none
  }

  /// Empty values.
  @inlinable
  public init() {
    self.init(count: 0)
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
    case 0: self.init(count: 0)
    case 1: self.init(count: 1, first: entries[0])
    case 2: self.init(count: 2, first: entries[0], second: entries[1])
    default:
      self.init(count: entries.count)
      spill = Spill(entries)
    }
  }

  /// The entry at `offset` (0 ..< `count`).
  @inlinable
  func entry(at offset: Int) -> Element {
    if count > Self.inlineCapacity { return spill.unsafelyUnwrapped.entries[offset] }
    return offset == 0 ? first.unsafelyUnwrapped : second.unsafelyUnwrapped
  }

  /// The entries in order, as an array (allocates; for the general paths).
  var entries: ContiguousArray<Element> {
    switch count {
    case 0: return []
    case 1: return [first.unsafelyUnwrapped]
    case 2: return [first.unsafelyUnwrapped, second.unsafelyUnwrapped]
    default: return spill?.entries ?? []
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
  public var count: Int { storedCount }

  /// Whether there are no entries.
  @inlinable
  public var isEmpty: Bool { storedCount == 0 }

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
    lookUp(key) { $0 }
  }

  /// Calls `body` with the value of `key` borrowed in place and returns its result, or `nil`
  /// when `key` is absent: a lookup that copies nothing (``subscript(_:)`` returns a copy, which
  /// retains a string or collection value and releases it again).
  @_spi(MessagevisorModules)
  @inlinable
  public func withValue<Result>(
    forKey key: String, _ body: (MessagevisorValue) throws -> Result
  ) rethrows -> Result? {
    try lookUp(key, body)
  }

  /// The one lookup of a key (``value(forKey:)`` and ``withValue(forKey:_:)``): compares the keys
  /// of a small set in order, looks a large one up by hash, and lends the value to `body`.
  @inlinable
  func lookUp<Result>(
    _ key: String, _ body: (MessagevisorValue) throws -> Result
  ) rethrows -> Result? {
    if count > Self.inlineCapacity {
      guard let value = spilledValue(forKey: key) else { return nil }
      return try body(value)
    }
    if count > 0, first.unsafelyUnwrapped.key == key {
      return try body(first.unsafelyUnwrapped.value)
    }
    if count > 1, second.unsafelyUnwrapped.key == key {
      return try body(second.unsafelyUnwrapped.value)
    }
    return nil
  }

  /// `self[key]` for more than two entries.
  @usableFromInline
  func spilledValue(forKey key: String) -> MessagevisorValue? {
    guard let spill else { return nil }
    if count > Self.linearCapacity { return spill.index[key].map { spill.entries[$0].value } }
    for entry in spill.entries where entry.key == key { return entry.value }
    return nil
  }

  /// The position of `key` among the entries, or `nil`.
  func position(of key: String) -> Int? {
    if count > Self.linearCapacity { return spill?.index[key] }
    for offset in 0..<count where entry(at: offset).key == key { return offset }
    return nil
  }

  /// Sets `key` to `value` (a new key goes last) and returns the previous value, if any.
  @discardableResult
  public mutating func updateValue(_ value: MessagevisorValue, forKey key: String)
    -> MessagevisorValue?
  {
    if count > Self.linearCapacity, var spill {
      // Copy on write: the spill is shared with every copy of these values.
      self.spill = nil
      if !isKnownUniquelyReferenced(&spill) { spill = Spill(copying: spill) }
      defer { self.spill = spill }
      if let position = spill.index[key] {
        let old = spill.entries[position].value
        spill.entries[position].value = value
        return old
      }
      spill.index[key] = spill.entries.count
      spill.entries.append((key: key, value: value))
      storedCount = spill.entries.count
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
    self = MessagevisorValues()
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
  /// Values from a literal, stored inline for up to two entries (no allocation once the literal's
  /// argument array is optimized away); a repeated key keeps its last value at its first position.
  @inlinable @inline(__always)
  public init(dictionaryLiteral elements: (String, MessagevisorValue)...) {
    switch elements.count {
    case 0:
      self.init(count: 0)
    case 1:
      self.init(count: 1, first: (key: elements[0].0, value: elements[0].1))
    case 2 where elements[0].0 != elements[1].0:
      self.init(
        count: 2, first: (key: elements[0].0, value: elements[0].1),
        second: (key: elements[1].0, value: elements[1].1))
    default:
      self.init(literal: elements)
    }
  }

  /// The general case of a literal: more than two entries, or a repeated key.
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
    precondition(
      offset >= 0 && offset < count,
      "MessagevisorValues index \(offset) out of range (count \(count))")
    return entry(at: offset)
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
