#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An immutable hash index from message keys to their positions in a key list, matched by exact
/// UTF-8 bytes: the translate hot path's replacement for a `Dictionary<String, _>` lookup.
///
/// A `Dictionary` hashes a `String` with seeded SipHash over its normalized form and confirms with
/// canonical-equivalence `==`. This index hashes the raw UTF-8 bytes a word at a time with a
/// per-process random seed, keeps every key's bytes in one arena and confirms with a byte
/// comparison, which is about three times cheaper. Byte equality implies `String` equality, so a hit is always right;
/// a key spelled in another normalization form (same `String`, different bytes) misses, and callers
/// then fall back to their `Dictionary`, so behaviour never differs from a plain dictionary lookup.
///
/// Open addressing with linear probing at a load factor of at most one half.
final class MessageKeyIndex: @unchecked Sendable {
  /// One table slot; `position < 0` marks an empty slot.
  struct Slot {
    var hash: UInt64
    var offset: Int
    var length: Int32
    var position: Int32
  }

  /// The seed every index of this process uses: random per process, taken from the standard
  /// library's hasher so that `SWIFT_DETERMINISTIC_HASHING=1` makes it (and probe lengths)
  /// reproducible, as it does for `Dictionary`.
  private static let processSeed: UInt64 = {
    var hasher = Hasher()
    hasher.combine(0x6D65_7373_6167_6576 as UInt64)
    return UInt64(bitPattern: Int64(hasher.finalize())) | 1
  }()

  private let seed: UInt64
  private let mask: Int
  private let slots: UnsafeMutablePointer<Slot>
  private let arena: UnsafeMutablePointer<UInt8>
  /// The number of keys.
  let count: Int

  /// Indexes `keys`: key `keys[i]` maps to position `i`. Keys must be distinct `String`s (as the
  /// keys of a dictionary are); at most `Int32.max` of them.
  init<Keys: Collection<String>>(_ keys: Keys) {
    seed = Self.processSeed
    let count = min(keys.count, Int(Int32.max) / 2)
    self.count = count
    var capacity = 8
    while capacity < count * 2 { capacity <<= 1 }
    mask = capacity - 1
    slots = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
    slots.initialize(repeating: Slot(hash: 0, offset: 0, length: 0, position: -1), count: capacity)
    var total = 0
    for key in keys.prefix(count) { total += key.utf8.count }
    arena = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, total))
    var offset = 0
    for (position, key) in keys.prefix(count).enumerated() {
      let length = key.utf8.count
      guard length <= Int(Int32.max) else { continue }
      _ = UnsafeMutableBufferPointer(start: arena + offset, count: length).initialize(
        from: key.utf8)
      let hash = Self.hash(UnsafeRawPointer(arena + offset), length, seed)
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot].position >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Slot(
        hash: hash, offset: offset, length: Int32(length), position: Int32(position))
      offset += length
    }
  }

  deinit {
    slots.deallocate()
    arena.deallocate()
  }

  /// The position of the key whose UTF-8 bytes equal `key`'s, or `nil`.
  @inline(__always)
  func position(of key: String) -> Int? {
    if let found = key.utf8.withContiguousStorageIfAvailable({ bytes in
      position(bytes: UnsafeRawPointer(bytes.baseAddress), bytes.count)
    }) {
      return found
    }
    // Not contiguous (a bridged string): copy once.
    return Array(key.utf8).withUnsafeBytes { position(bytes: $0.baseAddress, $0.count) }
  }

  private func position(bytes: UnsafeRawPointer?, _ length: Int) -> Int? {
    guard let bytes else { return lookupEmpty() }
    let hash = Self.hash(bytes, length, seed)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = slots[slot]
      if entry.position < 0 { return nil }
      if entry.hash == hash, Int(entry.length) == length,
        Self.equal(UnsafeRawPointer(arena + entry.offset), bytes, length)
      {
        return Int(entry.position)
      }
      slot = (slot + 1) & mask
    }
  }

  /// The empty key (no bytes to point at).
  private func lookupEmpty() -> Int? {
    let hash = Self.hash(UnsafeRawPointer(arena), 0, seed)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = slots[slot]
      if entry.position < 0 { return nil }
      if entry.hash == hash, entry.length == 0 { return Int(entry.position) }
      slot = (slot + 1) & mask
    }
  }

  /// A seeded multiply–xorshift hash of `length` bytes, read eight at a time.
  ///
  /// From 16 bytes on the last word overlaps the one before it. A shorter key may be a small
  /// string, whose bytes reach here as two words just stored to the stack: there the bytes after
  /// the first word are read as one ``ByteWords/tail(_:_:)``, since a load spanning both stored
  /// words would wait for them to reach the cache instead of being forwarded.
  @inline(__always)
  static func hash(_ bytes: UnsafeRawPointer, _ length: Int, _ seed: UInt64) -> UInt64 {
    var hash = seed ^ (UInt64(truncatingIfNeeded: length) &* 0x9E37_79B9_7F4A_7C15)
    if length >= 16 {
      var index = 0
      while index &+ 8 <= length {
        hash = mix(hash ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        index &+= 8
      }
      if index < length {
        hash = mix(hash ^ bytes.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self))
      }
    } else if length >= 8 {
      hash = mix(hash ^ bytes.loadUnaligned(as: UInt64.self))
      if length > 8 { hash = mix(hash ^ ByteWords.tail(bytes + 8, length &- 8)) }
    } else if length > 0 {
      hash = mix(hash ^ ByteWords.tail(bytes, length))
    }
    hash ^= hash >> 29
    hash &*= 0xBF58_476D_1CE4_E5B9
    return hash ^ (hash >> 32)
  }

  /// Whether the `length` bytes at `first` and `second` are equal: `memcmp` from 16 bytes on,
  /// below that read as ``hash(_:_:_:)`` reads them (`memcmp`'s overlapping loads would span a
  /// small string's two stored words).
  @inline(__always)
  static func equal(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, _ length: Int) -> Bool {
    if length >= 16 { return memcmp(first, second, length) == 0 }
    if length >= 8 {
      guard first.loadUnaligned(as: UInt64.self) == second.loadUnaligned(as: UInt64.self) else {
        return false
      }
      return length == 8
        || ByteWords.tail(first + 8, length &- 8) == ByteWords.tail(second + 8, length &- 8)
    }
    return length == 0 || ByteWords.tail(first, length) == ByteWords.tail(second, length)
  }

  @inline(__always)
  private static func mix(_ value: UInt64) -> UInt64 {
    let product = value &* 0x94D0_49BB_1331_11EB
    return product ^ (product >> 31)
  }
}
