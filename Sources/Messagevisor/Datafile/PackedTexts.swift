import Foundation

/// The texts of one message in its locales, kept as UTF-8 in one allocation: the compact storage
/// of a project's translations (see `LocaleTable` in MessagevisorProject and ``DatafileRows``).
///
/// A `String` of more than 15 UTF-8 bytes is an object of its own (a 32-byte header, its bytes and
/// malloc's rounding: about 115 bytes for a 68-byte translation), and an array of 40 of them is one
/// more allocation. Packed, the same 40 texts cost their bytes, four bytes of offset each and one
/// object header. A text is read as a new `String` (``text(at:)``), so only the texts in use (the
/// locale an engine has built) exist as `String`s.
///
/// The elements hold `count + 1` offsets into the bytes, then the bytes themselves; the texts total
/// less than 4 GiB (``make(_:)`` gives `nil` for more). Immutable once made.
/// (A value holding one reference: `ManagedBuffer` cannot be `Sendable`, and the buffer is never
/// changed once made.)
package struct PackedTexts: @unchecked Sendable {
  /// The number of texts and of their bytes.
  struct Header {
    /// The number of texts.
    let count: Int
    /// Their UTF-8 bytes in all.
    let byteCount: Int
  }

  final class Buffer: ManagedBuffer<Header, UInt32> {}

  private let buffer: Buffer

  private init(buffer: Buffer) {
    self.buffer = buffer
  }

  private var header: Header { buffer.header }

  /// No texts.
  package static let empty = make([])!

  /// `texts` packed, in order; `nil` when they total 4 GiB or more.
  package static func make(_ texts: ContiguousArray<String>) -> PackedTexts? {
    var byteCount = 0
    for text in texts { byteCount += text.utf8.count }
    return make(count: texts.count, byteCount: byteCount) { offsets, bytes in
      var offset = 0
      for (index, text) in texts.enumerated() {
        offsets[index] = UInt32(offset)
        var text = text
        text.withUTF8 { utf8 in
          guard let base = utf8.baseAddress else { return }
          (bytes + offset).update(from: base, count: utf8.count)
          offset += utf8.count
        }
      }
    }
  }

  /// The texts whose UTF-8 bytes are `spans` of `buffer`, packed in order; `nil` when one is not
  /// valid UTF-8 (or they total 4 GiB or more). For a reader of bytes it does not trust: no
  /// `String` is made.
  package static func make(validating spans: [Range<Int>], in buffer: UnsafeBufferPointer<UInt8>)
    -> PackedTexts?
  {
    var byteCount = 0
    for span in spans {
      guard span.lowerBound >= 0, span.upperBound <= buffer.count,
        isValidUTF8(UnsafeBufferPointer(rebasing: buffer[span]))
      else { return nil }
      byteCount += span.count
    }
    return make(count: spans.count, byteCount: byteCount) { offsets, bytes in
      var offset = 0
      for (index, span) in spans.enumerated() {
        offsets[index] = UInt32(offset)
        guard let base = buffer.baseAddress, !span.isEmpty else { continue }
        (bytes + offset).update(from: base + span.lowerBound, count: span.count)
        offset += span.count
      }
    }
  }

  /// `count` texts of `byteCount` bytes in all, which `fill` writes: each text's start offset
  /// (the last one, `byteCount`, is written here) and the bytes.
  private static func make(
    count: Int, byteCount: Int,
    fill: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt8>) -> Void
  ) -> PackedTexts? {
    guard byteCount < Int(UInt32.max) else { return nil }
    let words = count + 1 + (byteCount + 3) / 4
    let made = Buffer.create(minimumCapacity: words) { _ in
      Header(count: count, byteCount: byteCount)
    }
    let buffer = unsafeDowncast(made, to: Buffer.self)
    buffer.withUnsafeMutablePointerToElements { elements in
      let bytes = UnsafeMutableRawPointer(elements + count + 1).assumingMemoryBound(to: UInt8.self)
      fill(elements, bytes)
      elements[count] = UInt32(byteCount)
    }
    return PackedTexts(buffer: buffer)
  }

  /// Whether `bytes` are valid UTF-8 (as `String(validating:as:)` decides; no `String` made).
  package static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let raw = UnsafeRawBufferPointer(bytes)
    var start = 0
    while start + 8 <= raw.count,
      raw.loadUnaligned(fromByteOffset: start, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
    {
      start += 8
    }
    var iterator = UnsafeBufferPointer(rebasing: bytes[start...]).makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }

  /// Whether both are the same texts: one buffer, not only equal bytes.
  @inline(__always)
  package func isSame(as other: PackedTexts) -> Bool { buffer === other.buffer }

  /// The number of texts.
  @inline(__always)
  package var count: Int { header.count }

  /// The UTF-8 bytes of the text at `index` (`0 ..< count`), for the duration of `body`.
  @inline(__always)
  package func withUTF8<Result>(
    at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    precondition(index >= 0 && index < header.count, "a text index within the packed texts")
    return try buffer.withUnsafeMutablePointerToElements { elements in
      let start = Int(elements[index])
      let end = Int(elements[index + 1])
      let bytes = UnsafeRawPointer(elements + header.count + 1)
        .assumingMemoryBound(to: UInt8.self)
      return try body(UnsafeBufferPointer(start: bytes + start, count: end - start))
    }
  }

  /// The text at `index` (`0 ..< count`), as a new `String`.
  package func text(at index: Int) -> String {
    withUTF8(at: index) { String(decoding: $0, as: UTF8.self) }
  }

  /// Every text, in order.
  package var texts: ContiguousArray<String> {
    var result = ContiguousArray<String>()
    result.reserveCapacity(count)
    for index in 0..<count { result.append(text(at: index)) }
    return result
  }

  /// Whether the text at `index` has exactly the UTF-8 bytes of `text`.
  package func hasBytes(at index: Int, of text: String) -> Bool {
    var text = text
    return text.withUTF8 { other in
      withUTF8(at: index) { mine in
        guard mine.count == other.count else { return false }
        guard let left = mine.baseAddress, let right = other.baseAddress else { return true }
        return memcmp(left, right, mine.count) == 0
      }
    }
  }

  /// Whether both hold the same texts, byte for byte, in the same order.
  package func hasSameBytes(as other: PackedTexts) -> Bool {
    if isSame(as: other) { return true }
    guard count == other.count, header.byteCount == other.header.byteCount else { return false }
    // The offsets and the bytes are contiguous (the padding after the last byte is not
    // written, so it is not compared).
    let length = (count + 1) * MemoryLayout<UInt32>.stride + header.byteCount
    return buffer.withUnsafeMutablePointerToElements { mine in
      other.buffer.withUnsafeMutablePointerToElements { theirs in
        memcmp(mine, theirs, length) == 0
      }
    }
  }
}
