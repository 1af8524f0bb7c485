import Foundation

/// Reads what ``CacheWriter`` wrote, checking every length against the bytes that are there:
/// a damaged or foreign file throws ``CacheFormatError``, never reads out of bounds and never
/// recurses without limit (``enter()``).
struct CacheReader {
  let buffer: UnsafeBufferPointer<UInt8>
  var position: Int
  let end: Int
  /// Nesting of values and YAML nodes read so far (bounded by ``maximumDepth``).
  var depth = 0
  static let maximumDepth = 128

  init(_ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil) {
    self.buffer = buffer
    position = range?.lowerBound ?? 0
    end = range?.upperBound ?? buffer.count
  }

  /// The storage to reserve for `count` items: a crafted count (each item takes a byte, but
  /// decodes to far more) must not reserve a hundred times the file's size up front.
  static func capacity(_ count: Int) -> Int { min(count, 1024) }

  var isAtEnd: Bool { position >= end }

  func failure(_ what: String) -> CacheFormatError {
    CacheFormatError("\(what) at byte \(position)")
  }

  mutating func byte() throws(CacheFormatError) -> UInt8 {
    guard position < end else { throw failure("unexpected end") }
    defer { position += 1 }
    return buffer[position]
  }

  mutating func bool() throws(CacheFormatError) -> Bool {
    switch try byte() {
    case 0: return false
    case 1: return true
    default: throw failure("invalid boolean")
    }
  }

  mutating func varint() throws(CacheFormatError) -> UInt64 {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let next = try byte()
      guard shift < 64 else { throw failure("varint too long") }
      result |= UInt64(next & 0x7F) << shift
      if next < 0x80 { return result }
      shift += 7
    }
  }

  /// A count or length: at most the bytes left (every counted item takes at least one byte).
  mutating func count() throws(CacheFormatError) -> Int {
    let value = try varint()
    guard value <= UInt64(end - position) else { throw failure("count beyond the end") }
    return Int(value)
  }

  mutating func int() throws(CacheFormatError) -> Int {
    let raw = try varint()
    let value = Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    guard let result = Int(exactly: value) else { throw failure("integer out of range") }
    return result
  }

  mutating func word() throws(CacheFormatError) -> UInt64 {
    guard end - position >= 8 else { throw failure("unexpected end") }
    let value = UnsafeRawBufferPointer(buffer).loadUnaligned(
      fromByteOffset: position, as: UInt64.self)
    position += 8
    return UInt64(littleEndian: value)
  }

  mutating func string() throws(CacheFormatError) -> String {
    let length = try count()
    defer { position += length }
    return String(
      decoding: UnsafeBufferPointer(rebasing: buffer[position..<position + length]),
      as: UTF8.self)
  }

  mutating func optionalString() throws(CacheFormatError) -> String? {
    try bool() ? try string() : nil
  }

  /// The next `length` bytes' range.
  mutating func span(_ length: Int) throws(CacheFormatError) -> Range<Int> {
    guard length >= 0, length <= end - position else { throw failure("length beyond the end") }
    defer { position += length }
    return position..<position + length
  }

  mutating func hash() throws(CacheFormatError) -> ContentHash {
    let high = try word()
    return ContentHash(high: high, low: try word())
  }

  /// Enters a nested value; throws when the nesting is deeper than any project needs.
  mutating func enter() throws(CacheFormatError) {
    depth += 1
    guard depth <= Self.maximumDepth else { throw failure("nesting too deep") }
  }

  mutating func leave() { depth -= 1 }
}
