import Foundation

/// Writes the cache's compact binary form: LEB128 varints, length-prefixed UTF-8 strings and
/// fixed 64-bit words, appended to one byte array (read back by ``CacheReader``).
struct CacheWriter {
  var bytes: [UInt8] = []

  init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  mutating func byte(_ value: UInt8) { bytes.append(value) }

  mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

  mutating func varint(_ value: UInt64) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  mutating func count(_ value: Int) { varint(UInt64(max(0, value))) }

  /// A signed integer (zigzag, so small negative numbers stay short).
  mutating func int(_ value: Int) {
    let wide = Int64(value)
    varint(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
  }

  mutating func word(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func string(_ value: String) {
    var copy = value
    copy.withUTF8 { buffer in
      count(buffer.count)
      bytes.append(contentsOf: buffer)
    }
  }

  mutating func optionalString(_ value: String?) {
    guard let value else { return byte(0) }
    byte(1)
    string(value)
  }

  mutating func raw(_ other: [UInt8]) { bytes.append(contentsOf: other) }

  mutating func hash(_ value: ContentHash) {
    word(value.high)
    word(value.low)
  }
}
