/// The text of one evaluation, built with one allocation at most while it fits the buffer.
///
/// Appending to a `String` piece by piece grows its storage (a 14-byte literal plus a 3-byte name
/// moves from the inline small form to a heap buffer and copies both). Here a lone piece is kept
/// as it is (sharing its storage, so a message that selects one literal copies nothing), and so is
/// text short enough to stay inline; past that the bytes go to a caller-provided buffer and
/// ``finish()`` makes the string once, at its final size. Output that outgrows the buffer continues
/// in a `String`.
struct ICUOutput: ~Copyable {
  /// The only piece so far (until a second one starts the concatenation).
  private var first = ""
  /// Whether the pieces are being concatenated (into ``buffer``, or ``overflow`` past it).
  private var concatenating = false
  /// Where concatenated bytes go while they fit.
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  /// The number of bytes written to ``buffer``.
  private var count = 0
  /// The text once it no longer fits ``buffer`` (then it holds everything).
  private var overflow: String?

  /// The most UTF-8 bytes a string stores inline (without a heap buffer).
  static let inlineCapacity = 15

  /// An empty output writing into `buffer`, which must outlive it.
  init(buffer: UnsafeMutableBufferPointer<UInt8>) {
    self.buffer = buffer
  }

  /// Appends `piece`.
  @inline(__always)
  mutating func append(_ piece: String) {
    if !concatenating {
      if first.isEmpty {
        first = piece
        return
      }
      if piece.isEmpty { return }
      // Up to 15 UTF-8 bytes a string is stored inline: appending is a copy within the value.
      if first.utf8.count &+ piece.utf8.count <= Self.inlineCapacity {
        first += piece
        return
      }
      concatenating = true
      write(first)
      first = ""
    }
    write(piece)
  }

  @inline(__always)
  private mutating func write(_ piece: String) {
    if var text = overflow {
      // Taken out first, so the append finds the storage uniquely referenced.
      overflow = nil
      text += piece
      overflow = text
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
      var text = String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
      text += piece
      overflow = text
    }
  }

  /// The text: the lone piece itself, or the concatenation made at its final size.
  consuming func finish() -> String {
    if !concatenating { return first }
    if let overflow { return overflow }
    // The pieces are valid UTF-8 strings, so their concatenation decodes without repairs.
    return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
  }
}
