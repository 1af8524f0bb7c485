import Foundation

/// A small, depth-bounded JSON parser producing ``MessagevisorValue`` trees.
///
/// It never recurses deeper than ``maxDepth`` and reports errors with a line and column, so untrusted
/// datafiles can neither crash nor hang the engine.
struct JSONParser {
  /// The deepest array/object nesting accepted.
  static let maxDepth = 512

  private let bytes: [UInt8]
  private var index = 0

  private init(_ bytes: [UInt8]) { self.bytes = bytes }

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
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.index == parser.bytes.count else {
      throw parser.error("unexpected trailing characters after the JSON value")
    }
    return value
  }

  private func error(_ message: String) -> DatafileError {
    var line = 1
    var column = 1
    var position = 0
    while position < index && position < bytes.count {
      if bytes[position] == 10 {
        line += 1
        column = 1
      } else if bytes[position] & 0xC0 != 0x80 {
        column += 1
      }
      position += 1
    }
    return DatafileError(path: "$", message: "\(message) (line \(line), column \(column))")
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue(depth: Int) throws(DatafileError) -> MessagevisorValue {
    guard index < bytes.count else { throw error("unexpected end of input") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try parseNumber()
    default:
      throw error("unexpected character")
    }
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(DatafileError) {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw error("invalid literal") }
    let pointer = literal.utf8Start
    for offset in 0..<count where bytes[index + offset] != pointer[offset] {
      throw error("invalid literal")
    }
    index += count
  }

  private mutating func parseObject(depth: Int) throws(DatafileError) -> MessagevisorValue {
    guard depth <= JSONParser.maxDepth else {
      throw error("JSON nesting is deeper than \(JSONParser.maxDepth) levels")
    }
    index += 1
    var object: [String: MessagevisorValue] = [:]
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(object)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a string key")
      }
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("expected ':' after an object key")
      }
      index += 1
      skipWhitespace()
      object[key] = try parseValue(depth: depth)
      skipWhitespace()
      guard index < bytes.count else { throw error("unterminated object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(object)
      }
      throw error("expected ',' or '}' in an object")
    }
  }

  private mutating func parseArray(depth: Int) throws(DatafileError) -> MessagevisorValue {
    guard depth <= JSONParser.maxDepth else {
      throw error("JSON nesting is deeper than \(JSONParser.maxDepth) levels")
    }
    index += 1
    var array: [MessagevisorValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(array)
    }
    while true {
      skipWhitespace()
      array.append(try parseValue(depth: depth))
      skipWhitespace()
      guard index < bytes.count else { throw error("unterminated array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(array)
      }
      throw error("expected ',' or ']' in an array")
    }
  }

  private mutating func parseHex4() throws(DatafileError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("invalid \\u escape")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  private mutating func parseString() throws(DatafileError) -> String {
    index += 1
    let start = index
    // Fast path: no escapes.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      index += 1
    }
    var buffer = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: buffer, as: UTF8.self)
      }
      if byte < 0x20 { throw error("unescaped control character in a string") }
      if byte != UInt8(ascii: "\\") {
        buffer.append(byte)
        index += 1
        continue
      }
      index += 1
      guard index < bytes.count else { break }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""): buffer.append(0x22)
      case UInt8(ascii: "\\"): buffer.append(0x5C)
      case UInt8(ascii: "/"): buffer.append(0x2F)
      case UInt8(ascii: "b"): buffer.append(0x08)
      case UInt8(ascii: "f"): buffer.append(0x0C)
      case UInt8(ascii: "n"): buffer.append(0x0A)
      case UInt8(ascii: "r"): buffer.append(0x0D)
      case UInt8(ascii: "t"): buffer.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try parseHex4()
        if (0xD800...0xDBFF).contains(scalar) {
          if index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
          {
            index += 2
            let low = try parseHex4()
            if (0xDC00...0xDFFF).contains(low) {
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else {
              scalar = 0xFFFD
            }
          } else {
            scalar = 0xFFFD
          }
        } else if (0xDC00...0xDFFF).contains(scalar) {
          scalar = 0xFFFD
        }
        let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        buffer.append(contentsOf: Array(String(Character(character)).utf8))
      default:
        throw error("invalid escape sequence")
      }
    }
    throw error("unterminated string")
  }

  private mutating func parseNumber() throws(DatafileError) -> MessagevisorValue {
    let start = index
    var isInteger = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
      throw error("invalid number")
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      let fractionStart = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      guard index > fractionStart else { throw error("invalid number") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      let exponentStart = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      guard index > exponentStart else { throw error("invalid number") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let value = Int(text) { return .int(value) }
    guard let value = Double(text) else { throw error("invalid number") }
    return .double(value)
  }
}
