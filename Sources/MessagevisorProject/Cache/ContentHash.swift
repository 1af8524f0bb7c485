/// A 128-bit fingerprint of bytes, for telling whether a file's content changed since it was
/// cached (two independent 64-bit lanes over 8-byte words; not cryptographic: the cache guards
/// against accidents and corruption, not against someone choosing colliding files).
public struct ContentHash: Sendable, Hashable, CustomStringConvertible {
  /// The first lane.
  public var high: UInt64
  /// The second lane.
  public var low: UInt64

  /// A hash with the given lanes.
  public init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// The hash of `bytes`.
  public init(of bytes: some Collection<UInt8>) {
    var hasher = ContentHasher()
    hasher.combine(bytes)
    self = hasher.finalize()
  }

  /// Both lanes in hexadecimal (32 digits).
  public var description: String {
    func hex(_ value: UInt64) -> String {
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }
    return hex(high) + hex(low)
  }
}

/// Accumulates bytes, integers and strings into a ``ContentHash`` (the same input in the same
/// order always gives the same hash, in every process: no random seed).
public struct ContentHasher: Sendable {
  var first: UInt64 = 0x9E37_79B9_7F4A_7C15
  var second: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  var length: UInt64 = 0

  /// An empty hasher.
  public init() {}

  @inline(__always)
  mutating func mix(_ word: UInt64) {
    first = (first ^ word) &* 0x0000_0100_0000_01B3
    first ^= first >> 29
    second = (second &+ word) &* 0xFF51_AFD7_ED55_8CCD
    second ^= second >> 31
  }

  /// Adds `bytes` (their length too, so that concatenations differ).
  public mutating func combine(_ bytes: some Collection<UInt8>) {
    let done =
      bytes.withContiguousStorageIfAvailable { buffer -> Bool in
        combine(buffer: UnsafeRawBufferPointer(buffer))
        return true
      } ?? false
    if !done { combine(buffer: Array(bytes)) }
  }

  mutating func combine(buffer bytes: [UInt8]) {
    bytes.withUnsafeBytes { combine(buffer: $0) }
  }

  mutating func combine(buffer: UnsafeRawBufferPointer) {
    var index = 0
    let count = buffer.count
    while index + 8 <= count {
      mix(buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian)
      index += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while index < count {
      tail |= UInt64(buffer[index]) << shift
      shift += 8
      index += 1
    }
    mix(tail ^ (UInt64(count & 7) << 56))
    length &+= UInt64(count)
    mix(UInt64(count))
  }

  /// Adds a string (its UTF-8 bytes).
  public mutating func combine(_ text: String) {
    var copy = text
    copy.withUTF8 { combine(buffer: UnsafeRawBufferPointer($0)) }
  }

  /// Adds an integer.
  public mutating func combine(_ value: UInt64) { mix(value) }

  /// The hash of everything added.
  public func finalize() -> ContentHash {
    var high = first ^ length
    var low = second ^ (length &* 0x9E37_79B9_7F4A_7C15)
    high = (high ^ (high >> 33)) &* 0xFF51_AFD7_ED55_8CCD
    high ^= high >> 33
    low = (low ^ (low >> 33)) &* 0xC4CE_B9FE_1A85_EC53
    low ^= low >> 33
    return ContentHash(high: high ^ (low >> 7), low: low ^ (high << 3))
  }
}

/// The ``ContentHash`` of one run of bytes given in pieces: equal to `ContentHash(of:)` of all the
/// pieces joined (for a file written as it is made, never whole in memory).
struct ContentHashStream {
  private var hasher = ContentHasher()
  /// The last bytes given that do not fill a word, in their lanes (little-endian).
  private var pending: UInt64 = 0
  private var count = 0

  /// Adds `bytes` after those given so far.
  mutating func combine(_ bytes: UnsafeRawBufferPointer) {
    var index = 0
    while index < bytes.count, count & 7 != 0 {
      pending |= UInt64(bytes[index]) << UInt64((count & 7) * 8)
      index += 1
      count += 1
      if count & 7 == 0 {
        hasher.mix(pending)
        pending = 0
      }
    }
    while index + 8 <= bytes.count {
      hasher.mix(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian)
      index += 8
      count += 8
    }
    while index < bytes.count {
      pending |= UInt64(bytes[index]) << UInt64((count & 7) * 8)
      index += 1
      count += 1
    }
  }

  /// The hash of every byte given.
  func finalize() -> ContentHash {
    var result = hasher
    result.mix(pending ^ (UInt64(count & 7) << 56))
    result.length &+= UInt64(count)
    result.mix(UInt64(count))
    return result.finalize()
  }
}
