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
  package static let empty = make(EmptyCollection<String>())!

  /// `texts` packed, in order; `nil` when they total 4 GiB or more.
  package static func make<Texts: Collection<String>>(_ texts: Texts) -> PackedTexts? {
    var byteCount = 0
    for text in texts { byteCount += text.utf8.count }
    guard byteCount < Int(UInt32.max) else { return nil }
    let count = texts.count
    let words = count + 1 + (byteCount + 3) / 4
    let made = Buffer.create(minimumCapacity: words) { _ in
      Header(count: count, byteCount: byteCount)
    }
    let buffer = unsafeDowncast(made, to: Buffer.self)
    buffer.withUnsafeMutablePointerToElements { elements in
      let bytes = UnsafeMutableRawPointer(elements + count + 1).assumingMemoryBound(to: UInt8.self)
      var offset = 0
      var index = 0
      for var text in texts {
        elements[index] = UInt32(offset)
        index += 1
        text.withUTF8 { utf8 in
          guard let base = utf8.baseAddress else { return }
          (bytes + offset).update(from: base, count: utf8.count)
          offset += utf8.count
        }
      }
      elements[count] = UInt32(offset)
    }
    return PackedTexts(buffer: buffer)
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
        mine.count == other.count && (mine.isEmpty || mine.elementsEqual(other))
      }
    }
  }

  /// Whether the text at `index` equals `text` as `String`s compare (canonical equivalence).
  package func hasText(at index: Int, equalTo text: String) -> Bool {
    hasBytes(at: index, of: text) || self.text(at: index) == text
  }

  /// Whether both hold the same texts, byte for byte, in the same order.
  package func hasSameBytes(as other: PackedTexts) -> Bool {
    if isSame(as: other) { return true }
    guard count == other.count, header.byteCount == other.header.byteCount else { return false }
    return buffer.withUnsafeMutablePointerToElements { mine in
      other.buffer.withUnsafeMutablePointerToElements { theirs in
        // The padding after the last byte is not written: compare the bytes, not the last word.
        let offsetsEqual = UnsafeBufferPointer(start: mine, count: count + 1)
          .elementsEqual(UnsafeBufferPointer(start: theirs, count: count + 1))
        guard offsetsEqual else { return false }
        let byteCount = header.byteCount
        return UnsafeRawBufferPointer(start: mine + count + 1, count: byteCount)
          .elementsEqual(UnsafeRawBufferPointer(start: theirs + count + 1, count: byteCount))
      }
    }
  }
}
