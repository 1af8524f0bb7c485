import Testing

@_spi(MessagevisorModules) @testable import Messagevisor

@Suite("JSONScanner: the shared JSON lexer")
struct JSONScannerTests {
  static func make(_ text: String, _ policy: JSONScanner.UnicodePolicy = .strict) -> JSONScanner {
    JSONScanner(bytes: Array(text.utf8), unicodePolicy: policy)
  }

  static func string(_ text: String, _ policy: JSONScanner.UnicodePolicy = .strict)
    throws(JSONScanError) -> String
  {
    var scanner = make(text, policy)
    return try scanner.scanString()
  }

  static func stringError(_ text: String, _ policy: JSONScanner.UnicodePolicy = .strict)
    -> JSONScanError?
  {
    var scanner = make(text, policy)
    do {
      _ = try scanner.scanString()
      return nil
    } catch {
      return error
    }
  }

  static func number(_ text: String) throws(JSONScanError) -> (JSONScanner.Number, Int) {
    var scanner = make(text)
    let number = try scanner.scanNumber()
    return (number, scanner.offset)
  }

  static func numberError(_ text: String) -> JSONScanError? {
    var scanner = make(text)
    do {
      _ = try scanner.scanNumber()
      return nil
    } catch {
      return error
    }
  }

  // MARK: Strings

  static let escapesTable: [(json: String, text: String)] = [
    (#""plain""#, "plain"),
    (#""""#, ""),
    (#""a\"b""#, "a\"b"),
    (#""back\\slash""#, "back\\slash"),
    (#""a\/b""#, "a/b"),
    (#""\b\f\n\r\t""#, "\u{08}\u{0C}\n\r\t"),
    (#""\u0041\u00e9\u00C9""#, "AéÉ"),
    (#""\u20AC""#, "€"),
    (#""\u0000""#, "\u{0}"),
    (#""é ünï 日本""#, "é ünï 日本"),
    (#""x\ny""#, "x\ny"),
  ]

  @Test("String escapes decode in both Unicode policies", arguments: escapesTable.indices)
  func escapes(_ index: Int) throws {
    let (json, text) = Self.escapesTable[index]
    #expect(try Self.string(json) == text)
    #expect(try Self.string(json, .replace) == text)
  }

  @Test("The cursor ends after the closing quote")
  func stringCursor() throws {
    var scanner = Self.make(#""ab\n" , 1"#)
    #expect(try scanner.scanString() == "ab\n")
    #expect(scanner.offset == 6)
    #expect(scanner.peek() == UInt8(ascii: " "))
  }

  @Test("Surrogate pairs join into one scalar, in upper or lower case hex")
  func surrogatePairs() throws {
    #expect(try Self.string(#""\uD83D\uDE00""#) == "😀")
    #expect(try Self.string(#""\ud83d\ude00!""#, .replace) == "😀!")
    #expect(try Self.string(#""a\uD834\uDD1Eb""#) == "a𝄞b")
  }

  @Test("Strict policy: lone surrogates are errors at the position after the escape")
  func loneSurrogatesStrict() {
    // "\uD800" then the closing quote: offset 7 is after the four hex digits.
    #expect(
      Self.stringError(#""\uD800""#)
        == JSONScanError(kind: .unpairedHighSurrogate, offset: 7, tokenOffset: 0))
    #expect(
      Self.stringError(#""\uD800\u0041""#)
        == JSONScanError(kind: .invalidLowSurrogate, offset: 13, tokenOffset: 0))
    #expect(
      Self.stringError(#""x\uDC00""#)
        == JSONScanError(kind: .unpairedLowSurrogate, offset: 8, tokenOffset: 0))
    #expect(Self.stringError(#""\uD800\uDC00""#) == nil)
  }

  @Test("Replace policy: lone surrogates become U+FFFD")
  func loneSurrogatesReplace() throws {
    #expect(try Self.string(#""\uD800""#, .replace) == "\u{FFFD}")
    #expect(try Self.string(#""a\uDC00b""#, .replace) == "a\u{FFFD}b")
    // A high surrogate followed by a non-low escape: both escapes become one U+FFFD.
    #expect(try Self.string(#""\uD800\u0041z""#, .replace) == "\u{FFFD}z")
    // Too few bytes left for a second escape: the high surrogate alone is replaced.
    #expect(try Self.string(#""\uD800\n""#, .replace) == "\u{FFFD}\n")
  }

  @Test("Invalid UTF-8 is an error (strict) or U+FFFD (replace)")
  func invalidUTF8() throws {
    let bytes: [UInt8] = [0x20, 0x22, 0x61, 0xFF, 0x62, 0x22]
    var strict = JSONScanner(bytes: bytes)
    strict.skipWhitespace()
    #expect(throws: JSONScanError(kind: .invalidUTF8, offset: 1, tokenOffset: 1)) {
      try strict.scanString()
    }
    var lenient = JSONScanner(bytes: bytes, unicodePolicy: .replace)
    lenient.skipWhitespace()
    #expect(try lenient.scanString() == "a\u{FFFD}b")
    // The slow path (after an escape) validates too.
    var escaped = JSONScanner(bytes: [0x22, 0x5C, 0x6E, 0xC3, 0x22])
    #expect(throws: JSONScanError(kind: .invalidUTF8, offset: 0, tokenOffset: 0)) {
      try escaped.scanString()
    }
  }

  @Test("Strict decoding rejects every ill-formed sequence, also where the repair has its length")
  func strictUTF8Table() throws {
    let rejected: [[UInt8]] = [
      [0xED, 0xA0, 0x80],  // an encoded surrogate: three bytes, repaired as three
      [0xEF, 0xBF],  // a truncated three-byte sequence
      [0xC0, 0xAF],  // overlong "/"
      [0xF4, 0x90, 0x80, 0x80],  // beyond U+10FFFF
      [0x80],  // a lone continuation byte
      [0xF0, 0x9F, 0x98],  // a truncated emoji at the end
    ]
    for content in rejected {
      var scanner = JSONScanner(bytes: [0x22] + content + [0x22])
      #expect(throws: JSONScanError(kind: .invalidUTF8, offset: 0, tokenOffset: 0)) {
        try scanner.scanString()
      }
    }
    // Well-formed text, including a real U+FFFD, passes unchanged.
    let accepted = "a\u{FFFD}b é 😀 \u{10FFFF}"
    var scanner = JSONScanner(bytes: [0x22] + Array(accepted.utf8) + [0x22])
    #expect(try scanner.scanString() == accepted)
  }

  static let stringErrorsTable: [(json: String, kind: JSONScanError.Kind, offset: Int)] = [
    (#""abc"#, .unterminatedString, 4),
    (#""ab\"#, .unterminatedString, 4),
    (#""a\"b"#, .unterminatedString, 5),
    ("\"a\u{01}b\"", .controlCharacterInString, 2),
    ("\"a\\n\tb\"", .controlCharacterInString, 4),
    (#""a\xb""#, .invalidEscape(UInt8(ascii: "x")), 2),
    (#""\'""#, .invalidEscape(UInt8(ascii: "'")), 1),
    (#""\u12""#, .truncatedUnicodeEscape, 3),
    (#""\u12G4""#, .invalidUnicodeEscapeDigit, 5),
    ("x", .expectedString, 0),
  ]

  @Test("String errors carry their kind and offset", arguments: stringErrorsTable.indices)
  func stringErrors(_ index: Int) {
    let (json, kind, offset) = Self.stringErrorsTable[index]
    #expect(Self.stringError(json) == JSONScanError(kind: kind, offset: offset, tokenOffset: 0))
    #expect(
      Self.stringError(json, .replace) == JSONScanError(kind: kind, offset: offset, tokenOffset: 0))
  }

  // MARK: Numbers

  static let numbersTable: [(json: String, number: JSONScanner.Number, end: Int)] = [
    ("0", .integer(0), 1),
    ("-0", .integer(0), 2),
    ("42", .integer(42), 2),
    ("-17,", .integer(-17), 3),
    ("9223372036854775807", .integer(Int.max), 19),
    ("-9223372036854775808", .integer(Int.min), 20),
    ("9223372036854775808", .double(9.223372036854775808e18), 19),
    ("-9223372036854775809", .double(-9.223372036854775808e18), 20),
    ("1.5", .double(1.5), 3),
    ("-0.25]", .double(-0.25), 5),
    ("1e3", .double(1000), 3),
    ("2E-2", .double(0.02), 4),
    ("1.5e+2", .double(150), 6),
    ("1.0", .double(1), 3),
    ("1e400", .double(.infinity), 5),
    ("01", .integer(0), 1),
    ("-01", .integer(0), 2),
  ]

  @Test("Numbers: integers that fit Int, doubles otherwise", arguments: numbersTable.indices)
  func numbers(_ index: Int) throws {
    let (json, number, end) = Self.numbersTable[index]
    let (scanned, offset) = try Self.number(json)
    #expect(scanned == number)
    #expect(offset == end, "the cursor stops after the number")
  }

  static let numberErrorsTable: [(json: String, kind: JSONScanError.Kind, offset: Int)] = [
    ("-", .numberExpectedDigit, 1),
    ("-a", .numberExpectedDigit, 1),
    ("+1", .numberExpectedDigit, 0),
    (".5", .numberExpectedDigit, 0),
    ("1.", .numberExpectedFractionDigit, 2),
    ("1.e5", .numberExpectedFractionDigit, 2),
    ("1e", .numberExpectedExponentDigit, 2),
    ("1e+", .numberExpectedExponentDigit, 3),
    ("-2.5E-x", .numberExpectedExponentDigit, 6),
    ("", .numberExpectedDigit, 0),
  ]

  @Test(
    "Invalid numbers: kind, where found and where the number starts",
    arguments: numberErrorsTable.indices)
  func numberErrors(_ index: Int) {
    let (json, kind, offset) = Self.numberErrorsTable[index]
    #expect(Self.numberError(json) == JSONScanError(kind: kind, offset: offset, tokenOffset: 0))
  }

  // MARK: Literals, whitespace, cursor

  @Test("Literals match exactly or fail without moving")
  func literals() throws {
    var scanner = Self.make("true false null tru nul")
    try scanner.matchLiteral("true")
    scanner.skipWhitespace()
    try scanner.matchLiteral("false")
    scanner.skipWhitespace()
    try scanner.matchLiteral("null")
    scanner.skipWhitespace()
    #expect(scanner.offset == 16)
    #expect(throws: JSONScanError(kind: .invalidLiteral, offset: 16, tokenOffset: 16)) {
      try scanner.matchLiteral("true")
    }
    #expect(scanner.offset == 16)
    _ = scanner.consume(UInt8(ascii: "t"))
    _ = scanner.consume(UInt8(ascii: "r"))
    _ = scanner.consume(UInt8(ascii: "u"))
    scanner.skipWhitespace()
    // "nul" runs past the end of the document.
    #expect(throws: JSONScanError(kind: .invalidLiteral, offset: 20, tokenOffset: 20)) {
      try scanner.matchLiteral("null")
    }
  }

  @Test("Whitespace, peek, consume and the byte order mark")
  func cursor() {
    var scanner = JSONScanner(bytes: [0xEF, 0xBB, 0xBF, 0x20, 0x09, 0x0D, 0x0A, 0x7B, 0x0C])
    #expect(scanner.count == 9)
    #expect(scanner.peek() == 0xEF)
    let skippedMark = scanner.skipByteOrderMark()
    #expect(skippedMark)
    #expect(scanner.offset == 3)
    let skippedSecondMark = scanner.skipByteOrderMark()
    #expect(!skippedSecondMark)
    scanner.skipWhitespace()
    #expect(scanner.offset == 7)
    let consumedBracket = scanner.consume(UInt8(ascii: "["))
    #expect(!consumedBracket)
    let consumedBrace = scanner.consume(UInt8(ascii: "{"))
    #expect(consumedBrace)
    // Form feed is not JSON whitespace.
    scanner.skipWhitespace()
    #expect(scanner.peek() == 0x0C)
    let consumedFormFeed = scanner.consume(0x0C)
    #expect(consumedFormFeed)
    #expect(scanner.isAtEnd)
    #expect(scanner.peek() == nil)
    let consumedPastEnd = scanner.consume(0x0C)
    #expect(!consumedPastEnd)
    var short = JSONScanner(bytes: [0xEF, 0xBB])
    let skippedPartialMark = short.skipByteOrderMark()
    #expect(!skippedPartialMark)
  }

  // MARK: Positions

  @Test("Line and column count scalars or characters after the last line feed")
  func lineColumn() {
    // "e" + combining acute is one character but two scalars.
    let scanner = Self.make("{\n  \"e\u{301}x\": 1,\r\n\t\"日\": [}")
    #expect(scanner.lineColumn(of: 0, unit: .unicodeScalars) == (1, 1))
    #expect(scanner.lineColumn(of: 1, unit: .characters) == (1, 2))
    #expect(scanner.lineColumn(of: 2, unit: .unicodeScalars) == (2, 1))
    // Byte 8 is the 'x' on line 2, after two spaces, a quote, "e" and U+0301 (5 scalars, 4
    // characters).
    #expect(scanner.lineColumn(of: 8, unit: .unicodeScalars) == (2, 6))
    #expect(scanner.lineColumn(of: 8, unit: .characters) == (2, 5))
    let bytes = Array("{\n  \"e\u{301}x\": 1,\r\n\t\"日\": [}".utf8)
    let bracket = bytes.count - 2
    // Line 3 is `\t"日": [`: the bracket is the 7th scalar.
    #expect(scanner.lineColumn(of: bracket, unit: .unicodeScalars) == (3, 7))
    #expect(scanner.lineColumn(of: bracket, unit: .characters) == (3, 7))
    // Offsets past the end or negative are clamped.
    #expect(scanner.lineColumn(of: 1000, unit: .unicodeScalars) == (3, 9))
    #expect(scanner.lineColumn(of: -5, unit: .characters) == (1, 1))
  }

  // MARK: The engine's parser on top of the scanner

  static func engineError(_ text: String) -> String? {
    do {
      _ = try JSONParser.parse(text)
      return nil
    } catch {
      return error.message
    }
  }

  static let engineErrorsTable: [(json: String, message: String)] = [
    ("[1, 2", "unterminated array (line 1, column 6)"),
    ("{\"a\" 1}", "expected ':' after an object key (line 1, column 6)"),
    ("[tru]", "invalid literal (line 1, column 2)"),
    ("\"a\\x\"", "invalid escape sequence (line 1, column 5)"),
    ("\"\\u12\"", "truncated \\u escape (line 1, column 4)"),
    ("\"\\u12G4\"", "invalid \\u escape (line 1, column 6)"),
    ("\"abc", "unterminated string (line 1, column 5)"),
    ("\n  [1.]", "invalid number (line 2, column 6)"),
    ("[-]", "invalid number (line 1, column 3)"),
    ("01", "unexpected trailing characters after the JSON value (line 1, column 2)"),
    ("\u{FEFF}{}", "unexpected character (line 1, column 1)"),
    ("{\"é\": x}", "unexpected character (line 1, column 7)"),
    ("", "unexpected end of input (line 1, column 1)"),
  ]

  @Test("The engine parser keeps its messages and positions", arguments: engineErrorsTable.indices)
  func engineErrors(_ index: Int) {
    let (json, message) = Self.engineErrorsTable[index]
    #expect(Self.engineError(json) == message)
  }

  @Test("The engine parser replaces ill-formed Unicode and keeps the last duplicate key")
  func engineValues() throws {
    let value = try JSONParser.parse(#"{"a": "\uD800x", "a": [-0, 1e2, 9223372036854775808]}"#)
    guard case .object(let object) = value else {
      Issue.record("not an object: \(value)")
      return
    }
    #expect(object.count == 1)
    #expect(object["a"] == .array([.int(0), .double(100), .double(9.223372036854775808e18)]))
    #expect(try JSONParser.parse(#""\uD800x""#) == .string("\u{FFFD}x"))
  }

  @Test("The engine parser accepts 512 levels of nesting, not 513")
  func engineDepth() throws {
    let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(throws: Never.self) { try JSONParser.parse(deepest) }
    let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    #expect(
      Self.engineError(tooDeep) == "JSON nesting is deeper than 512 levels (line 1, column 513)")
  }
}
