/// A hand-written ICU MessageFormat parser (FormatJS-compatible syntax, no formatting).
///
/// Grammar: literal text, `{arg}`, `{arg, number|date|time[, style | ::skeleton]}`,
/// `{arg, plural|selectordinal, [offset:K] =N {…} zero|one|two|few|many|other {…}}`,
/// `{arg, select, key {…} other {…}}` and `#` directly inside plural/selectordinal branches.
///
/// Apostrophes follow ICU's "optional" mode as FormatJS implements it: `''` is one `'`; a single
/// `'` starts a quoted literal only before `{` or `}` (and before `#` directly inside a plural
/// branch); a quoted literal runs to the next single `'` (an unterminated one runs to the end of
/// the message); any other `'` is literal text, so `You don't` stays as is. A `}` at the top level
/// is literal text, as in FormatJS. Tags such as `<b>` are always literal text.
///
/// The parser works on UTF-8 bytes in one forward pass (linear time), recurses only into
/// plural/select branches and rejects nesting deeper than ``maximumNestingDepth``.
public enum ICUParser {
  /// The deepest allowed nesting of plural/select branches.
  public static let maximumNestingDepth = 200

  /// Parses `message`.
  ///
  /// - Throws: ``ICUParseError`` with the UTF-16 offset and what was expected there.
  public static func parse(_ message: String) throws(ICUParseError) -> ICUMessage {
    var state = ParserState(bytes: Array(message.utf8))
    do {
      let nodes = try state.parseMessage(depth: 0, inPlural: false, nested: false)
      return ICUMessage(nodes: nodes, containsTags: state.containsTags())
    } catch let error {
      throw ICUParseError(
        offset: utf16Offset(ofUTF8Offset: error.utf8Offset, in: message),
        expected: error.expected, detail: error.detail)
    }
  }

  /// Converts a UTF-8 offset into a UTF-16 offset (only on the error path).
  static func utf16Offset(ofUTF8Offset offset: Int, in message: String) -> Int {
    let utf8 = message.utf8
    let clamped = min(max(0, offset), utf8.count)
    let index = utf8.index(utf8.startIndex, offsetBy: clamped)
    return message.utf16.distance(from: message.utf16.startIndex, to: index)
  }
}

/// A parse failure at a UTF-8 offset (converted to UTF-16 by ``ICUParser/parse(_:)``).
struct RawParseError: Error {
  var utf8Offset: Int
  var expected: String
  var detail: String = ""
}

private enum Byte {
  static let openBrace: UInt8 = 123
  static let closeBrace: UInt8 = 125
  static let apostrophe: UInt8 = 39
  static let pound: UInt8 = 35
  static let comma: UInt8 = 44
  static let equals: UInt8 = 61
  static let colon: UInt8 = 58
  static let minus: UInt8 = 45
  static let plus: UInt8 = 43
  static let dot: UInt8 = 46
  static let lessThan: UInt8 = 60
  static let slash: UInt8 = 47
  static let underscore: UInt8 = 95

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 32 || (byte >= 9 && byte <= 13)
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

  static func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
  }

  /// Identifier bytes: ASCII letters, digits, `_`, and any non-ASCII byte (ASCII punctuation is
  /// ICU pattern syntax and ends an identifier).
  static func isIdentifier(_ byte: UInt8) -> Bool {
    isASCIILetter(byte) || isDigit(byte) || byte == underscore || byte >= 0x80
  }
}

/// The mutable cursor of one parse.
private struct ParserState {
  let bytes: [UInt8]
  var position = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  var atEnd: Bool { position >= bytes.count }

  func containsTags() -> Bool {
    var index = 0
    let count = bytes.count
    while index + 1 < count {
      if bytes[index] == Byte.lessThan {
        let next = bytes[index + 1]
        if Byte.isASCIILetter(next) || next == Byte.slash { return true }
      }
      index += 1
    }
    return false
  }

  func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  mutating func skipWhitespace() {
    while position < bytes.count, Byte.isWhitespace(bytes[position]) { position += 1 }
  }

  mutating func parseIdentifier() -> String {
    let start = position
    while position < bytes.count, Byte.isIdentifier(bytes[position]) { position += 1 }
    return text(start..<position)
  }

  /// Parses literal text, arguments and `#` until the end of input or, when `nested`, a `}`
  /// (left unconsumed for the caller).
  mutating func parseMessage(depth: Int, inPlural: Bool, nested: Bool) throws(RawParseError)
    -> [ICUNode]
  {
    var nodes: [ICUNode] = []
    var literal: [UInt8] = []
    func flush(_ nodes: inout [ICUNode], _ literal: inout [UInt8]) {
      guard !literal.isEmpty else { return }
      nodes.append(.literal(String(decoding: literal, as: UTF8.self)))
      literal.removeAll(keepingCapacity: true)
    }
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case Byte.openBrace:
        flush(&nodes, &literal)
        nodes.append(try parseArgument(depth: depth))
      case Byte.closeBrace:
        if nested {
          flush(&nodes, &literal)
          return nodes
        }
        literal.append(byte)
        position += 1
      case Byte.pound where inPlural:
        flush(&nodes, &literal)
        nodes.append(.pound)
        position += 1
      case Byte.apostrophe:
        parseApostrophe(into: &literal, inPlural: inPlural)
      default:
        let start = position
        position += 1
        while position < bytes.count {
          let next = bytes[position]
          if next == Byte.openBrace || next == Byte.closeBrace || next == Byte.apostrophe
            || (next == Byte.pound && inPlural)
          {
            break
          }
          position += 1
        }
        literal.append(contentsOf: bytes[start..<position])
      }
    }
    flush(&nodes, &literal)
    return nodes
  }

  /// Handles a `'` at `position`: `''`, a quoted literal, or a plain apostrophe.
  mutating func parseApostrophe(into literal: inout [UInt8], inPlural: Bool) {
    let next: UInt8? = position + 1 < bytes.count ? bytes[position + 1] : nil
    switch next {
    case Byte.apostrophe?:
      literal.append(Byte.apostrophe)
      position += 2
    case Byte.openBrace?, Byte.closeBrace?:
      parseQuoted(into: &literal)
    case Byte.pound? where inPlural:
      parseQuoted(into: &literal)
    default:
      literal.append(Byte.apostrophe)
      position += 1
    }
  }

  /// Copies a quoted literal starting at the opening `'` up to the next single `'`.
  mutating func parseQuoted(into literal: inout [UInt8]) {
    position += 1
    while position < bytes.count {
      let byte = bytes[position]
      if byte == Byte.apostrophe {
        if position + 1 < bytes.count, bytes[position + 1] == Byte.apostrophe {
          literal.append(Byte.apostrophe)
          position += 2
          continue
        }
        position += 1
        return
      }
      literal.append(byte)
      position += 1
    }
  }

  /// Parses `{…}` starting at the `{`.
  mutating func parseArgument(depth: Int) throws(RawParseError) -> ICUNode {
    let open = position
    position += 1
    skipWhitespace()
    guard !atEnd else {
      throw RawParseError(
        utf8Offset: position, expected: "an argument name",
        detail: "'{' at offset \(open) is never closed")
    }
    let nameStart = position
    let name = parseIdentifier()
    guard !name.isEmpty else {
      throw RawParseError(utf8Offset: nameStart, expected: "an argument name")
    }
    skipWhitespace()
    guard !atEnd else {
      throw RawParseError(
        utf8Offset: position, expected: "',' or '}'",
        detail: "argument '\(name)' opened at offset \(open) is never closed")
    }
    if bytes[position] == Byte.closeBrace {
      position += 1
      return .argument(name)
    }
    guard bytes[position] == Byte.comma else {
      throw RawParseError(utf8Offset: position, expected: "',' or '}'")
    }
    position += 1
    skipWhitespace()
    let typeStart = position
    let type = parseIdentifier()
    let knownTypes = "number, date, time, plural, selectordinal or select"
    guard !type.isEmpty else {
      throw RawParseError(utf8Offset: typeStart, expected: "an argument type (\(knownTypes))")
    }
    skipWhitespace()
    switch type {
    case "number", "date", "time":
      let style = try parseSimpleStyle(argument: name, open: open)
      switch (type, style) {
      case ("number", nil): return .number(name, .none)
      case ("number", let text?):
        if text.utf8.starts(with: "::".utf8) {
          let body = String(text.dropFirst(2)).trimmingSpaces()
          switch ICUNumberSkeleton.parse(body) {
          case .success(let skeleton): return .number(name, .skeleton(skeleton))
          case .failure(let error):
            throw RawParseError(
              utf8Offset: styleStart + (text.utf8.count - body.utf8.count) + error.utf8Offset,
              expected: error.expected)
          }
        }
        return .number(name, .named(text))
      case (_, nil): return type == "date" ? .date(name, .none) : .time(name, .none)
      case (_, let text?):
        let style: ICUDateTimeStyle =
          text.utf8.starts(with: "::".utf8)
          ? .skeleton(ICUDateSkeleton.parse(String(text.dropFirst(2)).trimmingSpaces()))
          : .named(text)
        return type == "date" ? .date(name, style) : .time(name, style)
      }
    case "plural", "selectordinal", "select":
      guard !atEnd, bytes[position] == Byte.comma else {
        throw RawParseError(
          utf8Offset: position, expected: "','",
          detail: "a \(type) argument needs its branches after a comma")
      }
      position += 1
      skipWhitespace()
      if type == "select" {
        let (branches, other) = try parseBranches(
          depth: depth, plural: false, argument: name, open: open)
        return .select(
          name,
          ICUSelect(
            branches: Dictionary(branches, uniquingKeysWith: { first, _ in first }), other: other))
      }
      let offset = try parseOffset()
      let (branches, other) = try parseBranches(
        depth: depth, plural: true, argument: name, open: open)
      var exact: [(value: Double, nodes: [ICUNode])] = []
      var categories: [String: [ICUNode]] = [:]
      for (key, nodes) in branches {
        if key.utf8.first == Byte.equals, let value = Double(key.dropFirst()) {
          exact.append((value, nodes))
        } else {
          categories[key] = nodes
        }
      }
      return .plural(
        name,
        ICUPlural(
          ordinal: type == "selectordinal", offset: offset, exact: exact, categories: categories,
          other: other))
    default:
      throw RawParseError(
        utf8Offset: typeStart, expected: "an argument type (\(knownTypes))",
        detail: "unknown argument type '\(type)'")
    }
  }

  /// The UTF-8 offset where the last simple style started (for skeleton error offsets).
  var styleStart = 0

  /// After the type of a number/date/time argument: `}` (no style) or `, style }`. Returns the
  /// trimmed style text, with quoted parts kept verbatim; balanced braces are allowed inside.
  mutating func parseSimpleStyle(argument: String, open: Int) throws(RawParseError) -> String? {
    guard !atEnd else {
      throw RawParseError(
        utf8Offset: position, expected: "',' or '}'",
        detail: "argument '\(argument)' opened at offset \(open) is never closed")
    }
    if bytes[position] == Byte.closeBrace {
      position += 1
      return nil
    }
    guard bytes[position] == Byte.comma else {
      throw RawParseError(utf8Offset: position, expected: "',' or '}'")
    }
    position += 1
    skipWhitespace()
    let start = position
    styleStart = start
    var level = 0
    while position < bytes.count {
      let byte = bytes[position]
      if byte == Byte.apostrophe {
        let quote = position
        position += 1
        while position < bytes.count, bytes[position] != Byte.apostrophe { position += 1 }
        guard position < bytes.count else {
          throw RawParseError(
            utf8Offset: bytes.count, expected: "a closing apostrophe",
            detail: "the quote at offset \(quote) in the style of '\(argument)' is never closed")
        }
      } else if byte == Byte.openBrace {
        level += 1
      } else if byte == Byte.closeBrace {
        if level == 0 { break }
        level -= 1
      }
      position += 1
    }
    guard position < bytes.count else {
      throw RawParseError(
        utf8Offset: position, expected: "'}'",
        detail: "argument '\(argument)' opened at offset \(open) is never closed")
    }
    var end = position
    while end > start, Byte.isWhitespace(bytes[end - 1]) { end -= 1 }
    position += 1
    guard end > start else {
      throw RawParseError(utf8Offset: start, expected: "a style or skeleton after ','")
    }
    return text(start..<end)
  }

  /// An optional `offset:K` before plural branches.
  mutating func parseOffset() throws(RawParseError) -> Double {
    let keyword = Array("offset".utf8)
    guard position + keyword.count < bytes.count,
      bytes[position..<position + keyword.count].elementsEqual(keyword),
      bytes[position + keyword.count] == Byte.colon
    else { return 0 }
    position += keyword.count + 1
    skipWhitespace()
    let start = position
    if position < bytes.count, bytes[position] == Byte.minus || bytes[position] == Byte.plus {
      position += 1
    }
    while position < bytes.count, Byte.isDigit(bytes[position]) { position += 1 }
    guard position - start <= 15, let value = Int(text(start..<position)) else {
      throw RawParseError(utf8Offset: start, expected: "an integer after 'offset:'")
    }
    skipWhitespace()
    return Double(value)
  }

  /// Parses `selector {message}` pairs up to the closing `}` of the argument.
  mutating func parseBranches(depth: Int, plural: Bool, argument: String, open: Int)
    throws(RawParseError) -> ([(String, [ICUNode])], [ICUNode])
  {
    var branches: [(String, [ICUNode])] = []
    var seen: Set<String> = []
    var other: [ICUNode]?
    let keywords: Set<String> = ["zero", "one", "two", "few", "many", "other"]
    while true {
      skipWhitespace()
      guard !atEnd else {
        throw RawParseError(
          utf8Offset: position, expected: other == nil ? "a selector" : "a selector or '}'",
          detail: "argument '\(argument)' opened at offset \(open) is never closed")
      }
      if bytes[position] == Byte.closeBrace {
        guard let other else {
          throw RawParseError(
            utf8Offset: position, expected: "an 'other' branch",
            detail:
              "'other' is mandatory in the \(plural ? "plural" : "select") argument '\(argument)'")
        }
        position += 1
        return (branches, other)
      }
      let selectorStart = position
      var selector: String
      if plural, bytes[position] == Byte.equals {
        position += 1
        let numberStart = position
        if position < bytes.count, bytes[position] == Byte.minus { position += 1 }
        while position < bytes.count, Byte.isDigit(bytes[position]) || bytes[position] == Byte.dot {
          position += 1
        }
        let digits = text(numberStart..<position)
        guard let value = Double(digits), value.isFinite else {
          throw RawParseError(utf8Offset: numberStart, expected: "a number after '='")
        }
        selector = "=" + digits
        _ = value
      } else {
        selector = parseIdentifier()
        guard !selector.isEmpty else {
          throw RawParseError(
            utf8Offset: selectorStart,
            expected: plural
              ? "a plural selector (zero, one, two, few, many, other or =N) or '}'"
              : "a select key or '}'")
        }
        if plural, !keywords.contains(selector) {
          throw RawParseError(
            utf8Offset: selectorStart,
            expected: "a plural selector (zero, one, two, few, many, other or =N)",
            detail: "unknown plural keyword '\(selector)'")
        }
      }
      guard seen.insert(selector).inserted else {
        throw RawParseError(
          utf8Offset: selectorStart, expected: "a selector that is not already used",
          detail: "duplicate selector '\(selector)' in '\(argument)'")
      }
      skipWhitespace()
      guard !atEnd, bytes[position] == Byte.openBrace else {
        throw RawParseError(
          utf8Offset: position, expected: "'{'",
          detail: "selector '\(selector)' must be followed by a {message}")
      }
      guard depth + 1 <= ICUParser.maximumNestingDepth else {
        throw RawParseError(
          utf8Offset: position,
          expected: "at most \(ICUParser.maximumNestingDepth) nested plural/select levels",
          detail: "the message nests too deeply")
      }
      let branchOpen = position
      position += 1
      let nodes = try parseMessage(depth: depth + 1, inPlural: plural, nested: true)
      guard !atEnd else {
        throw RawParseError(
          utf8Offset: position, expected: "'}'",
          detail: "the '\(selector)' branch opened at offset \(branchOpen) is never closed")
      }
      position += 1
      if selector == "other" {
        other = nodes
      } else {
        branches.append((selector, nodes))
      }
    }
  }
}

extension String {
  /// The string without leading and trailing ASCII whitespace.
  fileprivate func trimmingSpaces() -> String {
    var view = Substring(self)
    while let first = view.first, first.isWhitespace { view = view.dropFirst() }
    while let last = view.last, last.isWhitespace { view = view.dropLast() }
    return String(view)
  }
}
