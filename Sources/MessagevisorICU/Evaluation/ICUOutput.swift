/// The text of one evaluation, built with one allocation at most while it fits the buffer.
///
/// Appending to a `String` piece by piece grows its storage (a 14-byte literal plus a 3-byte name
/// moves from the inline small form to a heap buffer and copies both). Here a lone piece is kept
/// as it is (sharing its storage, so a message that selects one literal copies nothing), and so is
/// text short enough to stay inline; past that the bytes go to a caller-provided buffer and
/// ``finish()`` makes the string once, at its final size. Output that outgrows the buffer continues
/// in a `String`.
///
/// One `String` field holds the lone piece, the inline text or the text past the buffer (which
/// of them, ``count`` says), so ending an evaluation destroys one string, not three fields.
struct ICUOutput: ~Copyable {
  /// The lone piece or the inline concatenation (``count`` < 0), or everything once the output
  /// outgrew the buffer (``count`` == ``overflowed``).
  private var text = ""
  /// The number of bytes concatenated into ``buffer``, or ``single`` / ``overflowed``.
  private var count = ICUOutput.single
  /// Where concatenated bytes go while they fit.
  private let buffer: UnsafeMutableBufferPointer<UInt8>

  /// ``count`` while ``text`` is the lone piece or inline text.
  private static let single = -1
  /// ``count`` once the text no longer fits ``buffer`` (``text`` holds everything).
  private static let overflowed = -2

  /// The most UTF-8 bytes a string stores inline (without a heap buffer).
  static let inlineCapacity = 15

  /// An empty output writing into `buffer`, which must outlive it.
  init(buffer: UnsafeMutableBufferPointer<UInt8>) {
    self.buffer = buffer
  }

  /// Appends `piece`.
  @inline(__always)
  mutating func append(_ piece: String) {
    if count == Self.single {
      if text.isEmpty {
        text = piece
        return
      }
      if piece.isEmpty { return }
      // Up to 15 UTF-8 bytes a string is stored inline: appending is a copy within the value.
      if text.utf8.count &+ piece.utf8.count <= Self.inlineCapacity {
        text += piece
        return
      }
      count = 0
      let first = text
      text = ""
      write(first)
    }
    write(piece)
  }

  @inline(__always)
  private mutating func write(_ piece: String) {
    if count == Self.overflowed {
      text += piece
      return
    }
    let fitted = piece.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      guard bytes.count <= buffer.count &- count else { return false }
      if let source = bytes.baseAddress, let target = buffer.baseAddress {
        (target + count).update(from: source, count: bytes.count)
      }
      count &+= bytes.count
      return true
    }
    if fitted != true {
      text = String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
      text += piece
      count = Self.overflowed
    }
  }

  /// The text: the lone piece itself, or the concatenation made at its final size.
  consuming func finish() -> String {
    if count < 0 { return text }
    // The pieces are valid UTF-8 strings, so their concatenation decodes without repairs.
    return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
  }
}
