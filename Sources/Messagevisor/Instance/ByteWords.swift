/// Reading a string's UTF-8 bytes a word at a time without a load that crosses a multiple of
/// eight bytes from the start.
///
/// A string of up to 15 bytes is a small string: `withContiguousStorageIfAvailable` hands out its
/// bytes as two words just stored to the stack. A load that spans both stores cannot be forwarded
/// from them and waits until both reach the cache (measured: about a tenth of a translate call with
/// a 15-byte key, the common `"screen.title"` shape). Loads of whole words from the start and
/// ``tail(_:_:)`` for the rest stay inside one store each.
package enum ByteWords {
  /// The `count` (1 to 7) bytes at `bytes` as one word that differs for different bytes of the
  /// same count: two overlapping four-byte loads, or three single bytes (the first, the middle and
  /// the last, which for three bytes or fewer are all of them).
  @inline(__always)
  package static func tail(_ bytes: UnsafeRawPointer, _ count: Int) -> UInt64 {
    if count >= 4 {
      return UInt64(bytes.loadUnaligned(as: UInt32.self))
        | UInt64(bytes.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)) << 32
    }
    return UInt64(bytes.load(as: UInt8.self))
      | UInt64(bytes.load(fromByteOffset: count >> 1, as: UInt8.self)) << 8
      | UInt64(bytes.load(fromByteOffset: count &- 1, as: UInt8.self)) << 16
  }

  /// A quick hash of `bytes` for a direct-mapped table (a hint only; equality decides): the
  /// length mixed with the first and the last eight bytes, the bytes after the first word read as
  /// one ``tail(_:_:)`` below 16 bytes.
  package static func edgeHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let count = bytes.count
    var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
    guard let base = bytes.baseAddress, count > 0 else { return hash }
    let raw = UnsafeRawPointer(base)
    if count >= 16 {
      hash ^= raw.loadUnaligned(as: UInt64.self) &* 0xC2B2_AE3D_27D4_EB4F
      hash ^=
        raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) &* 0x1656_67B1_9E37_79F9
    } else if count >= 8 {
      hash ^= raw.loadUnaligned(as: UInt64.self) &* 0xC2B2_AE3D_27D4_EB4F
      if count > 8 { hash ^= tail(raw + 8, count &- 8) &* 0x1656_67B1_9E37_79F9 }
    } else {
      hash ^= tail(raw, count) &* 0xC2B2_AE3D_27D4_EB4F
    }
    return hash ^ (hash >> 31)
  }
}
