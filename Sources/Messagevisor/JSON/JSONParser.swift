import Foundation

/// A small, depth-bounded JSON parser producing ``MessagevisorValue`` trees.
///
/// It never recurses deeper than ``maxDepth`` and reports errors with a line and column, so untrusted
/// datafiles can neither crash nor hang the engine. The tokens come from ``JSONScanner`` (with
/// ill-formed Unicode in strings replaced by U+FFFD); this type builds the tree.
struct JSONParser {
  /// The deepest array/object nesting accepted.
  static let maxDepth = 512

  private var scanner: JSONScanner

  private init(_ bytes: [UInt8]) { scanner = JSONScanner(bytes: bytes, unicodePolicy: .replace) }

  /// Parses `text` as one JSON value.
  static func parse(_ text: String) throws(DatafileError) -> MessagevisorValue {
    try parse(Array(text.utf8))
  }

  /// Parses `data` (UTF-8) as one JSON value.
  static func parse(_ data: Data) throws(DatafileError) -> MessagevisorValue {
    try parse([UInt8](data))
  }

  static func parse(_ bytes: [UInt8]) throws(DatafileError) -> MessagevisorValue {
    var parser = JSONParser(bytes)
    parser.scanner.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.scanner.skipWhitespace()
    guard parser.scanner.isAtEnd else {
      throw parser.error("unexpected trailing characters after the JSON value")
    }
    return value
  }

  private func error(_ message: String, at offset: Int? = nil) -> DatafileError {
    let (line, column) = scanner.lineColumn(of: offset ?? scanner.offset, unit: .unicodeScalars)
    return DatafileError(path: "$", message: "\(message) (line \(line), column \(column))")
  }

  /// The engine's wording and position for a scanner error.
  private func error(_ failure: JSONScanError) -> DatafileError {
    switch failure.kind {
    case .invalidLiteral: return error("invalid literal", at: failure.offset)
    case .expectedString: return error("expected a string key", at: failure.offset)
    case .unterminatedString: return error("unterminated string", at: failure.offset)
    case .controlCharacterInString:
      return error("unescaped control character in a string", at: failure.offset)
    case .invalidEscape:
      // Reported after the escape character, at the backslash + 2.
      return error("invalid escape sequence", at: failure.offset + 2)
    case .truncatedUnicodeEscape: return error("truncated \\u escape", at: failure.offset)
    case .invalidUnicodeEscapeDigit, .unpairedHighSurrogate, .invalidLowSurrogate,
      .unpairedLowSurrogate, .invalidUTF8:
      // Only the digit error occurs: the parser's scanner replaces ill-formed Unicode.
      return error("invalid \\u escape", at: failure.offset)
    case .numberExpectedDigit, .numberExpectedFractionDigit, .numberExpectedExponentDigit,
      .invalidNumber:
      return error("invalid number", at: failure.offset)
    }
  }

  /// Runs one scanner operation, turning its error into the engine's.
  private mutating func scan<Token>(
    _ operation: (inout JSONScanner) throws(JSONScanError) -> Token
  ) throws(DatafileError) -> Token {
    do {
      return try operation(&scanner)
    } catch {
      throw self.error(error)
    }
  }

  private mutating func parseValue(depth: Int) throws(DatafileError) -> MessagevisorValue {
    guard let byte = scanner.peek() else { throw error("unexpected end of input") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""):
      return .string(try scan { scanner throws(JSONScanError) in try scanner.scanString() })
    case UInt8(ascii: "t"):
      try scan { scanner throws(JSONScanError) in try scanner.matchLiteral("true") }
      return .bool(true)
    case UInt8(ascii: "f"):
      try scan { scanner throws(JSONScanError) in try scanner.matchLiteral("false") }
      return .bool(false)
    case UInt8(ascii: "n"):
      try scan { scanner throws(JSONScanError) in try scanner.matchLiteral("null") }
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      switch try scan({ scanner throws(JSONScanError) in try scanner.scanNumber() }) {
      case .integer(let value): return .int(value)
      case .double(let value): return .double(value)
      }
    default:
      throw error("unexpected character")
    }
  }

  private mutating func parseObject(depth: Int) throws(DatafileError) -> MessagevisorValue {
    guard depth <= JSONParser.maxDepth else {
      throw error("JSON nesting is deeper than \(JSONParser.maxDepth) levels")
    }
    _ = scanner.consume(UInt8(ascii: "{"))
    var object: [String: MessagevisorValue] = [:]
    scanner.skipWhitespace()
    if scanner.consume(UInt8(ascii: "}")) { return .object(object) }
    while true {
      scanner.skipWhitespace()
      guard scanner.peek() == UInt8(ascii: "\"") else { throw error("expected a string key") }
      let key = try scan { scanner throws(JSONScanError) in try scanner.scanString() }
      scanner.skipWhitespace()
      guard scanner.consume(UInt8(ascii: ":")) else {
        throw error("expected ':' after an object key")
      }
      scanner.skipWhitespace()
      object[key] = try parseValue(depth: depth)
      scanner.skipWhitespace()
      guard !scanner.isAtEnd else { throw error("unterminated object") }
      if scanner.consume(UInt8(ascii: ",")) { continue }
      if scanner.consume(UInt8(ascii: "}")) { return .object(object) }
      throw error("expected ',' or '}' in an object")
    }
  }

  private mutating func parseArray(depth: Int) throws(DatafileError) -> MessagevisorValue {
    guard depth <= JSONParser.maxDepth else {
      throw error("JSON nesting is deeper than \(JSONParser.maxDepth) levels")
    }
    _ = scanner.consume(UInt8(ascii: "["))
    var array: [MessagevisorValue] = []
    scanner.skipWhitespace()
    if scanner.consume(UInt8(ascii: "]")) { return .array(array) }
    while true {
      scanner.skipWhitespace()
      array.append(try parseValue(depth: depth))
      scanner.skipWhitespace()
      guard !scanner.isAtEnd else { throw error("unterminated array") }
      if scanner.consume(UInt8(ascii: ",")) { continue }
      if scanner.consume(UInt8(ascii: "]")) { return .array(array) }
      throw error("expected ',' or ']' in an array")
    }
  }
}
