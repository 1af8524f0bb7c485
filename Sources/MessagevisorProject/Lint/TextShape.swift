/// What the text checks need to know about a translation text before they look closer, found in
/// one pass over its UTF-8 bytes and shared by every check of that text: most copy is plain
/// ASCII without ICU syntax, and for it every check can stop at these facts.
struct TextShape {
  /// Every byte is ASCII (then the text is NFC and each byte is a character of its own).
  var isASCII = true
  /// No byte is ICU syntax (`{`, `}`, `'`, `<`): the text parses as one literal.
  var isLiteral = true
  /// Two spaces (U+0020) in a row.
  var hasDoubledSpace = false
  /// An ASCII control character other than tab and line feed (C0 or DEL).
  var hasASCIIControl = false

  /// The shape of `text`.
  init(_ text: String) {
    var copy = text
    let flags = copy.withUTF8 { Self.flags(of: $0) }
    isASCII = flags & Self.nonASCII == 0
    isLiteral = flags & Self.syntax == 0
    hasDoubledSpace = flags & Self.doubledSpace != 0
    hasASCIIControl = flags & Self.control != 0
  }

  /// The flags of every byte of `bytes` together, with ``doubledSpace`` for two spaces in a row.
  static func flags(of bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
    table.withUnsafeBufferPointer { table in
      var flags: UInt8 = 0
      var previous: UInt8 = 0
      for byte in bytes {
        flags |= table[Int(byte)]
        if byte == 0x20 && previous == 0x20 { flags |= doubledSpace }
        previous = byte
      }
      return flags
    }
  }

  /// A byte of ICU syntax.
  static let syntax: UInt8 = 1
  /// An ASCII control character other than tab and line feed.
  static let control: UInt8 = 2
  /// A byte of a non-ASCII character.
  static let nonASCII: UInt8 = 4
  /// Two spaces in a row (found by ``flags(of:)``, not by the table).
  static let doubledSpace: UInt8 = 8

  /// Each byte's flags.
  static let table: [UInt8] = (0...255).map { (byte: Int) -> UInt8 in
    switch byte {
    case 0x7B, 0x7D, 0x27, 0x3C: return syntax
    case 0x09, 0x0A: return 0
    case 0..<0x20, 0x7F: return control
    case 0x80...: return nonASCII
    default: return 0
    }
  }
}
