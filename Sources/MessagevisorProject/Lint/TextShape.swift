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
    var previousWasSpace = false
    var isASCII = true
    var isLiteral = true
    var hasDoubledSpace = false
    var hasASCIIControl = false
    for byte in text.utf8 {
      switch byte {
      case 0x20:
        if previousWasSpace { hasDoubledSpace = true }
        previousWasSpace = true
        continue
      case 0x7B, 0x7D, 0x27, 0x3C: isLiteral = false
      case 0x09, 0x0A: break
      case 0..<0x20, 0x7F: hasASCIIControl = true
      case 0x80...: isASCII = false
      default: break
      }
      previousWasSpace = false
    }
    self.isASCII = isASCII
    self.isLiteral = isLiteral
    self.hasDoubledSpace = hasDoubledSpace
    self.hasASCIIControl = hasASCIIControl
  }
}
