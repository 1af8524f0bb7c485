import Foundation
@_spi(MessagevisorModules) import Messagevisor

/// A parsed JSON value with its byte offset, from ReRune's small strict JSON parser.
///
/// ReRune parses catalogs and manifests itself (instead of `JSONSerialization`) to keep byte offsets for
/// error positions, to tell integers from floats and booleans exactly, and for speed on Linux.
public struct JSONNode: Sendable {
  /// The value.
  public enum Value: Sendable {
    /// An object's members in document order (a repeated key keeps every occurrence; lookups use the last).
    case object([(key: String, value: JSONNode)])
    /// An array.
    case array([JSONNode])
    /// A string.
    case string(String)
    /// A number written without fraction or exponent that fits in `Int`.
    case integer(Int)
    /// Any other number.
    case double(Double)
    /// `true` / `false`.
    case bool(Bool)
    /// `null`.
    case null
  }

  /// The value.
  public var value: Value
  /// Byte offset of the value's first character in the document.
  public var offset: Int
  /// A ``Value/double(_:)`` number exactly as written (a double cannot hold every digit of, say,
  /// `18446744073709551617`), for messages; nil for every other value.
  public var literal: String? = nil

  /// The member `key` of an object (the last occurrence), or nil.
  public subscript(key: String) -> JSONNode? {
    guard case .object(let members) = value else { return nil }
    return members.last { $0.key == key }?.value
  }

  /// The members of an object, or nil.
  public var members: [(key: String, value: JSONNode)]? {
    if case .object(let members) = value { return members }
    return nil
  }

  /// The string, or nil.
  public var string: String? {
    if case .string(let s) = value { return s }
    return nil
  }

  /// The integer, or nil (floats and booleans are not integers).
  public var integer: Int? {
    if case .integer(let i) = value { return i }
    return nil
  }

  /// True for `null`.
  public var isNull: Bool {
    if case .null = value { return true }
    return false
  }

  /// A short description of the value's type, for messages ("a string", "the integer 3", …).
  public var typeDescription: String {
    switch value {
    case .object: return "an object"
    case .array: return "an array"
    case .string: return "a string"
    case .integer(let i): return "the integer \(i)"
    case .double(let d):
      guard let literal else { return "the number \(d)" }
      let digits = literal.drop { $0 == "-" }
      if !digits.isEmpty, digits.allSatisfy(\.isASCIIDigitCharacter) {
        return "the integer \(literal), outside the range \(Int.min)...\(Int.max)"
      }
      return "the number \(literal)"
    case .bool(let b): return "the boolean \(b)"
    case .null: return "null"
    }
  }

  /// Parses `data` (UTF-8 JSON, optional BOM). Nesting deeper than `maxDepth` is an error.
  public static func parse(_ data: Data, maxDepth: Int = 256) throws(JSONParseError) -> JSONNode {
    let bytes = [UInt8](data)
    var parser = JSONByteParser(bytes: bytes, maxDepth: maxDepth)
    return try parser.parseDocument()
  }

  /// Parses `data` like ``parse(_:maxDepth:)``, but invalid UTF-8 inside strings becomes U+FFFD
  /// instead of an error; `replacedInvalidUTF8` tells whether that happened (then strings that
  /// contain U+FFFD may be damaged, and a reader can skip just the entries that hold them).
  public static func parseReplacingInvalidUTF8(_ data: Data, maxDepth: Int = 256)
    throws(JSONParseError) -> (node: JSONNode, replacedInvalidUTF8: Bool)
  {
    let bytes = [UInt8](data)
    var strict = JSONByteParser(bytes: bytes, maxDepth: maxDepth)
    do {
      return (try strict.parseDocument(), false)
    } catch {
      guard error.message == JSONScanError(kind: .invalidUTF8, offset: 0, tokenOffset: 0).message
      else { throw error }
    }
    var lenient = JSONByteParser(bytes: bytes, maxDepth: maxDepth, unicodePolicy: .replace)
    return (try lenient.parseDocument(), true)
  }

  /// 1-based line and column (in characters) of `offset` in `data`.
  public static func lineColumn(of offset: Int, in data: Data) -> (line: Int, column: Int) {
    data.withUnsafeBytes { buffer in
      JSONScanner.lineColumn(of: offset, in: buffer, unit: .characters)
    }
  }
}

/// A JSON syntax error.
public struct JSONParseError: Error, Sendable, Equatable {
  /// Byte offset of the problem.
  public var offset: Int
  /// What is wrong.
  public var message: String
}

/// Builds ``JSONNode`` trees from the tokens of the engine's strict ``JSONScanner``.
struct JSONByteParser {
  var scanner: JSONScanner
  let bytes: [UInt8]
  let maxDepth: Int

  init(
    bytes: [UInt8], maxDepth: Int, unicodePolicy: JSONScanner.UnicodePolicy = .strict
  ) {
    self.scanner = JSONScanner(bytes: bytes, unicodePolicy: unicodePolicy)
    self.bytes = bytes
    self.maxDepth = maxDepth
  }

  func fail(_ message: String) -> JSONParseError {
    JSONParseError(offset: scanner.offset, message: message)
  }

  /// ReRune's error for a scanner error: number and unterminated-string errors point at the
  /// token's start, the others where the problem was found.
  func fail(_ error: JSONScanError) -> JSONParseError {
    switch error.kind {
    case .unterminatedString, .numberExpectedDigit, .numberExpectedFractionDigit,
      .numberExpectedExponentDigit, .invalidNumber:
      return JSONParseError(offset: error.tokenOffset, message: error.message)
    default:
      return JSONParseError(offset: error.offset, message: error.message)
    }
  }

  /// Runs one scanner operation, turning its error into a ``JSONParseError``.
  mutating func scan<Token>(
    _ operation: (inout JSONScanner) throws(JSONScanError) -> Token
  ) throws(JSONParseError) -> Token {
    do {
      return try operation(&scanner)
    } catch {
      throw fail(error)
    }
  }

  mutating func parseDocument() throws(JSONParseError) -> JSONNode {
    _ = scanner.skipByteOrderMark()
    scanner.skipWhitespace()
    let node = try parseValue(depth: 0)
    scanner.skipWhitespace()
    guard scanner.isAtEnd else { throw fail("unexpected content after the JSON value") }
    return node
  }

  mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONNode {
    guard depth <= maxDepth else { throw fail("JSON nesting deeper than \(maxDepth) levels") }
    guard let byte = scanner.peek() else { throw fail("unexpected end of JSON") }
    let start = scanner.offset
    switch byte {
    case UInt8(ascii: "{"):
      _ = scanner.consume(byte)
      var members: [(key: String, value: JSONNode)] = []
      scanner.skipWhitespace()
      if scanner.consume(UInt8(ascii: "}")) {
        return JSONNode(value: .object(members), offset: start)
      }
      while true {
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: "\"") else {
          throw fail("expected a quoted member name")
        }
        let key = try scan { scanner throws(JSONScanError) in try scanner.scanString() }
        scanner.skipWhitespace()
        guard scanner.consume(UInt8(ascii: ":")) else {
          throw fail("expected ':' after a member name")
        }
        scanner.skipWhitespace()
        members.append((key, try parseValue(depth: depth + 1)))
        scanner.skipWhitespace()
        guard !scanner.isAtEnd else { throw fail("unterminated object") }
        if scanner.consume(UInt8(ascii: ",")) { continue }
        if scanner.consume(UInt8(ascii: "}")) {
          return JSONNode(value: .object(members), offset: start)
        }
        throw fail("expected ',' or '}' in an object")
      }
    case UInt8(ascii: "["):
      _ = scanner.consume(byte)
      var items: [JSONNode] = []
      scanner.skipWhitespace()
      if scanner.consume(UInt8(ascii: "]")) { return JSONNode(value: .array(items), offset: start) }
      while true {
        scanner.skipWhitespace()
        items.append(try parseValue(depth: depth + 1))
        scanner.skipWhitespace()
        guard !scanner.isAtEnd else { throw fail("unterminated array") }
        if scanner.consume(UInt8(ascii: ",")) { continue }
        if scanner.consume(UInt8(ascii: "]")) {
          return JSONNode(value: .array(items), offset: start)
        }
        throw fail("expected ',' or ']' in an array")
      }
    case UInt8(ascii: "\""):
      let text = try scan { scanner throws(JSONScanError) in try scanner.scanString() }
      return JSONNode(value: .string(text), offset: start)
    case UInt8(ascii: "t"):
      try scan { scanner throws(JSONScanError) in try scanner.matchLiteral("true") }
      return JSONNode(value: .bool(true), offset: start)
    case UInt8(ascii: "f"):
      try scan { scanner throws(JSONScanError) in try scanner.matchLiteral("false") }
      return JSONNode(value: .bool(false), offset: start)
    case UInt8(ascii: "n"):
      try scan { scanner throws(JSONScanError) in try scanner.matchLiteral("null") }
      return JSONNode(value: .null, offset: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      switch try scan({ scanner throws(JSONScanError) in try scanner.scanNumber() }) {
      case .integer(let value): return JSONNode(value: .integer(value), offset: start)
      case .double(let value):
        let text = String(decoding: bytes[start..<min(scanner.offset, bytes.count)], as: UTF8.self)
        return JSONNode(value: .double(value), offset: start, literal: text)
      }
    default:
      throw fail("unexpected character '\(Unicode.Scalar(byte).escaped(asASCII: true))'")
    }
  }
}

extension Character {
  /// `0`…`9` only.
  fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
