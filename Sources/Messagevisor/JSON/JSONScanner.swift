#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A byte cursor over a UTF-8 JSON document with the lexical operations of strict JSON (RFC 8259).
///
/// The scanner owns the position in the document and knows the tokens of JSON: whitespace, the
/// literals `true`, `false` and `null`, string literals (with every escape and `\u` surrogate pairs)
/// and numbers. It builds no tree: parsers (the engine's datafile parser, ReRune's `JSONNode`) drive
/// it, decide the structure (`{`, `[`, `,`, `:`) and their own nesting limits, and turn a
/// ``JSONScanError`` into their own error type.
///
/// Every operation is bounds-checked: the scanner never traps on input, whatever the bytes are.
@_spi(MessagevisorModules)
public struct JSONScanner: Sendable {
  /// How string literals treat Unicode that is not well formed.
  public enum UnicodePolicy: Sendable, Equatable {
    /// Invalid UTF-8 in a string and unpaired `\u` surrogates are errors.
    case strict
    /// Invalid UTF-8 becomes U+FFFD; an unpaired surrogate escape becomes U+FFFD. A high surrogate
    /// followed by a `\u` escape that is not a low surrogate becomes one U+FFFD for both escapes.
    case replace
  }

  /// A scanned JSON number.
  public enum Number: Sendable, Equatable {
    /// A number written without fraction or exponent whose value fits in `Int`.
    case integer(Int)
    /// Any other number (with a fraction or exponent, or an integer too large for `Int`).
    case double(Double)
  }

  /// What a column counts in ``lineColumn(of:unit:)``.
  public enum ColumnUnit: Sendable, Equatable {
    /// Unicode scalars (UTF-8 lead bytes).
    case unicodeScalars
    /// Characters (extended grapheme clusters), as a text editor shows them.
    case characters
  }

  @usableFromInline let bytes: [UInt8]
  @usableFromInline var index: Int
  /// How string literals treat Unicode that is not well formed.
  public let unicodePolicy: UnicodePolicy

  /// A scanner at the start of `bytes`.
  public init(bytes: [UInt8], unicodePolicy: UnicodePolicy = .strict) {
    self.bytes = bytes
    self.index = 0
    self.unicodePolicy = unicodePolicy
  }

  /// The byte offset of the cursor (the next byte to read).
  @inlinable public var offset: Int { index }

  /// The number of bytes in the document.
  @inlinable public var count: Int { bytes.count }

  /// True when every byte has been read.
  @inlinable public var isAtEnd: Bool { index >= bytes.count }

  /// The byte at the cursor, or nil at the end of the document.
  @inlinable public func peek() -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  /// Moves past the byte at the cursor when it is `byte`; returns whether it did.
  @inlinable public mutating func consume(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// Moves past a UTF-8 byte order mark (EF BB BF) at the cursor; returns whether there was one.
  public mutating func skipByteOrderMark() -> Bool {
    guard index + 3 <= bytes.count, bytes[index] == 0xEF, bytes[index + 1] == 0xBB,
      bytes[index + 2] == 0xBF
    else { return false }
    index += 3
    return true
  }

  /// Moves past JSON whitespace (space, tab, line feed, carriage return).
  @inlinable public mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// Moves past `literal` (such as `"true"`), or throws ``JSONScanError/Kind/invalidLiteral`` at the
  /// cursor without moving when the document does not continue with it.
  public mutating func matchLiteral(_ literal: StaticString) throws(JSONScanError) {
    let length = literal.utf8CodeUnitCount
    guard index + length <= bytes.count else { throw failure(.invalidLiteral, start: index) }
    let expected = UnsafeBufferPointer(start: literal.utf8Start, count: length)
    for position in 0..<length where bytes[index + position] != expected[position] {
      throw failure(.invalidLiteral, start: index)
    }
    index += length
  }

  // MARK: Strings

  /// Reads the string literal at the cursor (which must be at its opening quote) and returns its
  /// decoded text; the cursor ends after the closing quote.
  ///
  /// Handles the escapes `\" \\ \/ \b \f \n \r \t \uXXXX`, joins `\u` surrogate pairs, and treats
  /// ill-formed Unicode as ``unicodePolicy`` says. Raw control characters (below U+0020) are errors.
  public mutating func scanString() throws(JSONScanError) -> String {
    let start = index
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
      throw failure(.expectedString, start: start)
    }
    index += 1
    let contentStart = index
    // Fast path: no escapes.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = try makeString(bytes[contentStart..<index], start: start)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw failure(.controlCharacterInString, start: start) }
      index += 1
    }
    var buffer = Array(bytes[contentStart..<index])
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = try makeString(buffer[...], start: start)
        index += 1
        return text
      }
      if byte < 0x20 { throw failure(.controlCharacterInString, start: start) }
      if byte != UInt8(ascii: "\\") {
        buffer.append(byte)
        index += 1
        continue
      }
      let backslash = index
      index += 1
      guard index < bytes.count else { break }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
      case UInt8(ascii: "b"): buffer.append(0x08)
      case UInt8(ascii: "f"): buffer.append(0x0C)
      case UInt8(ascii: "n"): buffer.append(0x0A)
      case UInt8(ascii: "r"): buffer.append(0x0D)
      case UInt8(ascii: "t"): buffer.append(0x09)
      case UInt8(ascii: "u"):
        let scalar = try unicodeEscape(start: start)
        UTF8.encode(scalar) { buffer.append($0) }
      default:
        throw JSONScanError(kind: .invalidEscape(escape), offset: backslash, tokenOffset: start)
      }
    }
    throw JSONScanError(kind: .unterminatedString, offset: bytes.count, tokenOffset: start)
  }

  private func makeString(_ content: ArraySlice<UInt8>, start: Int) throws(JSONScanError) -> String
  {
    switch unicodePolicy {
    case .replace:
      return String(decoding: content, as: UTF8.self)
    case .strict:
      // `String(decoding:)` replaces invalid sequences with U+FFFD, so the bytes are valid UTF-8
      // exactly when the string's bytes are the input's. (`String(validating:as:)` runs
      // unspecialized here and looks up generic metadata for every string: most of a catalog's
      // string scanning time.)
      let text = String(decoding: content, as: UTF8.self)
      guard text.utf8.count == content.count, Self.sameBytes(text, content) else {
        throw JSONScanError(kind: .invalidUTF8, offset: start, tokenOffset: start)
      }
      return text
    }
  }

  /// Whether `text`'s UTF-8 bytes are `bytes` (of the same count), compared as memory.
  private static func sameBytes(_ text: String, _ bytes: ArraySlice<UInt8>) -> Bool {
    var text = text
    return text.withUTF8 { utf8 in
      bytes.withUnsafeBufferPointer { content in
        guard let left = utf8.baseAddress, let right = content.baseAddress else { return true }
        return memcmp(left, right, content.count) == 0
      }
    }
  }

  /// Decodes the scalar of a `\u` escape whose `\u` has been read (and a following low surrogate
  /// escape when the first is a high surrogate).
  private mutating func unicodeEscape(start: Int) throws(JSONScanError) -> Unicode.Scalar {
    let replacement: Unicode.Scalar = "\u{FFFD}"
    let first = try hex4(start: start)
    if (0xD800...0xDBFF).contains(first) {
      switch unicodePolicy {
      case .strict:
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw failure(.unpairedHighSurrogate, start: start) }
        index += 2
        let low = try hex4(start: start)
        guard (0xDC00...0xDFFF).contains(low) else {
          throw failure(.invalidLowSurrogate, start: start)
        }
        return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00)) ?? replacement
      case .replace:
        guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else { return replacement }
        index += 2
        let low = try hex4(start: start)
        guard (0xDC00...0xDFFF).contains(low) else { return replacement }
        return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00)) ?? replacement
      }
    }
    if (0xDC00...0xDFFF).contains(first) {
      guard unicodePolicy == .replace else { throw failure(.unpairedLowSurrogate, start: start) }
      return replacement
    }
    return Unicode.Scalar(first) ?? replacement
  }

  private mutating func hex4(start: Int) throws(JSONScanError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw failure(.truncatedUnicodeEscape, start: start) }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      default: throw failure(.invalidUnicodeEscapeDigit, start: start)
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  // MARK: Numbers

  /// Reads the number at the cursor: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  ///
  /// The cursor ends after the number, so `01` reads as `0` and leaves `1` for the parser to reject.
  /// A number without fraction and exponent that fits in `Int` is ``Number/integer(_:)`` (`-0` is the
  /// integer 0); any other is ``Number/double(_:)`` (out-of-range magnitudes become infinity).
  public mutating func scanNumber() throws(JSONScanError) -> Number {
    let start = index
    var isInteger = true
    _ = consume(UInt8(ascii: "-"))
    guard index < bytes.count, Self.isDigit(bytes[index]) else {
      throw failure(.numberExpectedDigit, start: start)
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      skipDigits()
    }
    if consume(UInt8(ascii: ".")) {
      isInteger = false
      guard index < bytes.count, Self.isDigit(bytes[index]) else {
        throw failure(.numberExpectedFractionDigit, start: start)
      }
      skipDigits()
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard index < bytes.count, Self.isDigit(bytes[index]) else {
        throw failure(.numberExpectedExponentDigit, start: start)
      }
      skipDigits()
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let value = Int(text) { return .integer(value) }
    guard let value = Double(text) else { throw failure(.invalidNumber, start: start) }
    return .double(value)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private mutating func skipDigits() {
    while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
  }

  private func failure(_ kind: JSONScanError.Kind, start: Int) -> JSONScanError {
    JSONScanError(kind: kind, offset: index, tokenOffset: start)
  }

  // MARK: Positions

  /// 1-based line and column of byte `offset` in this document (see
  /// ``lineColumn(of:in:unit:)``).
  public func lineColumn(of offset: Int, unit: ColumnUnit) -> (line: Int, column: Int) {
    bytes.withUnsafeBytes { Self.lineColumn(of: offset, in: $0, unit: unit) }
  }

  /// 1-based line and column of byte `offset` in the UTF-8 `bytes`.
  ///
  /// Lines are separated by line feeds. The column counts `unit`s from the line's start up to
  /// `offset`, plus one. Offsets outside the bytes are clamped to them.
  public static func lineColumn(
    of offset: Int, in bytes: UnsafeRawBufferPointer, unit: ColumnUnit
  ) -> (line: Int, column: Int) {
    let end = max(0, min(offset, bytes.count))
    var line = 1
    var lineStart = 0
    for position in 0..<end where bytes[position] == 0x0A {
      line += 1
      lineStart = position + 1
    }
    let lineBytes = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<end])
    switch unit {
    case .unicodeScalars:
      var column = 1
      for byte in lineBytes where byte & 0xC0 != 0x80 { column += 1 }
      return (line, column)
    case .characters:
      return (line, String(decoding: lineBytes, as: UTF8.self).count + 1)
    }
  }
}
