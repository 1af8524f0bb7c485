import Foundation

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
    case .double(let d): return "the number \(d)"
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

  /// 1-based line and column (in characters) of `offset` in `data`.
  public static func lineColumn(of offset: Int, in data: Data) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    let end = min(offset, data.count)
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      for i in 0..<end where buffer[i] == 0x0A {
        line += 1
        lineStart = i + 1
      }
    }
    let column =
      String(decoding: data[data.startIndex + lineStart..<data.startIndex + end], as: UTF8.self)
      .count + 1
    return (line, column)
  }
}

/// A JSON syntax error.
public struct JSONParseError: Error, Sendable, Equatable {
  /// Byte offset of the problem.
  public var offset: Int
  /// What is wrong.
  public var message: String
}

struct JSONByteParser {
  let bytes: [UInt8]
  let maxDepth: Int
  var index = 0

  init(bytes: [UInt8], maxDepth: Int) {
    self.bytes = bytes
    self.maxDepth = maxDepth
  }

  func fail(_ message: String, at offset: Int? = nil) -> JSONParseError {
    JSONParseError(offset: offset ?? index, message: message)
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  mutating func parseDocument() throws(JSONParseError) -> JSONNode {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    skipWhitespace()
    let node = try parseValue(depth: 0)
    skipWhitespace()
    guard index == bytes.count else { throw fail("unexpected content after the JSON value") }
    return node
  }

  mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONNode {
    guard depth <= maxDepth else { throw fail("JSON nesting deeper than \(maxDepth) levels") }
    guard index < bytes.count else { throw fail("unexpected end of JSON") }
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "{"):
      index += 1
      var members: [(key: String, value: JSONNode)] = []
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return JSONNode(value: .object(members), offset: start)
      }
      while true {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
          throw fail("expected a quoted member name")
        }
        let key = try parseString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
          throw fail("expected ':' after a member name")
        }
        index += 1
        skipWhitespace()
        members.append((key, try parseValue(depth: depth + 1)))
        skipWhitespace()
        guard index < bytes.count else { throw fail("unterminated object") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        if bytes[index] == UInt8(ascii: "}") {
          index += 1
          return JSONNode(value: .object(members), offset: start)
        }
        throw fail("expected ',' or '}' in an object")
      }
    case UInt8(ascii: "["):
      index += 1
      var items: [JSONNode] = []
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return JSONNode(value: .array(items), offset: start)
      }
      while true {
        skipWhitespace()
        items.append(try parseValue(depth: depth + 1))
        skipWhitespace()
        guard index < bytes.count else { throw fail("unterminated array") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        if bytes[index] == UInt8(ascii: "]") {
          index += 1
          return JSONNode(value: .array(items), offset: start)
        }
        throw fail("expected ',' or ']' in an array")
      }
    case UInt8(ascii: "\""):
      return JSONNode(value: .string(try parseString()), offset: start)
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return JSONNode(value: .bool(true), offset: start)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return JSONNode(value: .bool(false), offset: start)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return JSONNode(value: .null, offset: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try parseNumber()
    default:
      throw fail("unexpected character '\(Unicode.Scalar(bytes[index]).escaped(asASCII: true))'")
    }
  }

  mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw fail("invalid literal") }
    let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
    for i in 0..<count where bytes[index + i] != expected[i] { throw fail("invalid literal") }
    index += count
  }

  mutating func parseNumber() throws(JSONParseError) -> JSONNode {
    let start = index
    var isInteger = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else {
      throw fail("invalid number", at: start)
    }
    if bytes[index] == 0x30 {
      index += 1
    } else {
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else {
        throw fail("invalid number: digits expected after '.'", at: start)
      }
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else {
        throw fail("invalid number: digits expected in the exponent", at: start)
      }
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let value = Int(text) { return JSONNode(value: .integer(value), offset: start) }
    guard let value = Double(text) else { throw fail("invalid number", at: start) }
    return JSONNode(value: .double(value), offset: start)
  }

  mutating func parseString() throws(JSONParseError) -> String {
    let start = index
    index += 1  // opening quote
    let contentStart = index
    // Fast path: no escapes.
    while index < bytes.count {
      let b = bytes[index]
      if b == UInt8(ascii: "\"") {
        guard let s = String(validating: bytes[contentStart..<index], as: UTF8.self) else {
          throw fail("invalid UTF-8 in a string", at: start)
        }
        index += 1
        return s
      }
      if b == UInt8(ascii: "\\") { break }
      if b < 0x20 { throw fail("unescaped control character in a string") }
      index += 1
    }
    guard index < bytes.count else { throw fail("unterminated string", at: start) }
    var out = [UInt8](bytes[contentStart..<index])
    while index < bytes.count {
      let b = bytes[index]
      if b == UInt8(ascii: "\"") {
        guard let s = String(validating: out, as: UTF8.self) else {
          throw fail("invalid UTF-8 in a string", at: start)
        }
        index += 1
        return s
      }
      if b < 0x20 { throw fail("unescaped control character in a string") }
      if b != UInt8(ascii: "\\") {
        out.append(b)
        index += 1
        continue
      }
      index += 1
      guard index < bytes.count else { break }
      let e = bytes[index]
      index += 1
      switch e {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try hex4()
        if (0xD800...0xDBFF).contains(scalar) {
          guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
          else { throw fail("unpaired surrogate in \\u escape") }
          index += 2
          let low = try hex4()
          guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid low surrogate") }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
          throw fail("unpaired low surrogate in \\u escape")
        }
        guard let s = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
        out.append(contentsOf: Array(String(Character(s)).utf8))
      default:
        throw fail("invalid escape '\\\(Unicode.Scalar(e).escaped(asASCII: true))'", at: index - 2)
      }
    }
    throw fail("unterminated string", at: start)
  }

  mutating func hex4() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw fail("\\u needs four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let b = bytes[index]
      let digit: UInt32
      switch b {
      case 0x30...0x39: digit = UInt32(b - 0x30)
      case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
      default: throw fail("\\u needs four hex digits")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }
}
