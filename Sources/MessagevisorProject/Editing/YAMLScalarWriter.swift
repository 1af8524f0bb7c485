/// Writes a string as a YAML scalar in a given style, or says it cannot be written in that style.
///
/// The writer is conservative: a style is used only when the text reads back as exactly that
/// string in it (and as a string, not a bool, number or null, under YAML 1.1 and 1.2 rules), and
/// characters that are invisible in an editor (controls, format characters such as bidi controls,
/// no-break and other non-ASCII spaces, line and paragraph separators) are written only as escapes
/// in a double-quoted scalar, so the file shows what the text holds.
struct YAMLScalarWriter {
  /// The line ending of the place the scalar is written to (`\n` or `\r\n`).
  var lineEnding = "\n"
  /// Spaces before each content line of a block scalar.
  var blockIndent = 2
  /// Indentation of the mapping that holds the scalar (what an indentation indicator counts from).
  var parentIndent = 0
  /// For folded scalars: the width at which long lines are wrapped (at single spaces), if any.
  var foldWidth: Int? = nil
  /// For block scalars: what followed the header indicators on the original line (a comment).
  var headerSuffix = ""

  /// The styles to try for `text` that was written in `style` (or whose siblings are), nearest
  /// first. Double-quoted, which can write any text, is always last.
  static func candidates(for text: String, preferring style: YAMLScalarStyle) -> [YAMLScalarStyle] {
    let multiLine = text.contains("\n")
    switch style {
    case .plain, .singleQuoted:
      return multiLine ? [.literal, .doubleQuoted] : [style, .doubleQuoted]
    case .doubleQuoted:
      return [.doubleQuoted]
    case .literal:
      return [.literal, .doubleQuoted]
    case .folded:
      return [.folded, .literal, .doubleQuoted]
    }
  }

  /// The scalar written in `style` (for block styles: the header line and every content line,
  /// each ending with ``lineEnding``), or `nil` when `text` cannot be written in that style.
  func render(_ text: String, as style: YAMLScalarStyle) -> String? {
    switch style {
    case .plain: return Self.canBePlain(text) ? text : nil
    case .singleQuoted: return singleQuoted(text)
    case .doubleQuoted: return Self.doubleQuoted(text)
    case .literal: return block(text, folded: false)
    case .folded: return block(text, folded: true)
    }
  }

  // MARK: Flow scalars

  /// Whether `text` can stand unquoted and read back as this string.
  static func canBePlain(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else {
      return false
    }
    guard text.unicodeScalars.allSatisfy({ isVisible($0) && $0 != "\t" }) else { return false }
    if first == " " || last == " " || last == ":" { return false }
    if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
    if text.contains(": ") || text.contains(" #") { return false }
    if looksTyped(text) { return false }
    return YAMLScalarTyping.value(of: text, plain: true) == .string(text)
  }

  /// Words and number-like text that some YAML reader (1.1 or 1.2) types as a bool, null or number.
  static func looksTyped(_ text: String) -> Bool {
    let words: Set<String> = [
      "y", "yes", "n", "no", "on", "off", "true", "false", "null", "~",
    ]
    if words.contains(text.lowercased()) { return true }
    guard let first = text.unicodeScalars.first,
      "0123456789+-.".unicodeScalars.contains(first)
    else { return false }
    let numeric = "0123456789abcdefABCDEFxXoO_+-.:infINFnaNA".unicodeScalars
    return text.unicodeScalars.allSatisfy { numeric.contains($0) }
  }

  func singleQuoted(_ text: String) -> String? {
    guard !text.contains("\n"),
      text.unicodeScalars.allSatisfy({ Self.isVisible($0) || $0 == "\t" })
    else { return nil }
    return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }

  /// `text` double-quoted: backslash escapes for quotes, backslashes, controls and invisible
  /// characters; everything else as it is (UTF-8).
  static func doubleQuoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case "\0": out += "\\0"
      default:
        if isVisible(scalar) {
          out.unicodeScalars.append(scalar)
        } else {
          out += escape(scalar)
        }
      }
    }
    return out + "\""
  }

  static func escape(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    if scalar.value < 0x80 { return "\\x" + String(repeating: "0", count: 2 - hex.count) + hex }
    if scalar.value <= 0xFFFF { return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex }
    return "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
  }

  /// Whether a character may stand as itself in a file: not a control, format character, line or
  /// paragraph separator, non-ASCII space or noncharacter. Zero-width joiners and emoji tag
  /// characters are allowed (emoji sequences need them).
  static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == " " { return true }
    if scalar == "\u{200C}" || scalar == "\u{200D}" { return true }
    if (0xE0020...0xE007F).contains(scalar.value) { return true }
    let properties = scalar.properties
    if properties.isNoncharacterCodePoint { return false }
    switch properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .surrogate,
      .privateUse:
      return false
    default:
      return true
    }
  }

  // MARK: Block scalars

  /// A literal or folded block: header (indicator, indentation indicator when the first line
  /// starts with a space, chomping) and content lines.
  func block(_ text: String, folded: Bool) -> String? {
    guard
      text.unicodeScalars.allSatisfy({ Self.isVisible($0) || $0 == "\n" || (!folded && $0 == "\t") }
      )
    else { return nil }
    var body = Substring(text)
    var trailingBreaks = 0
    while body.last == "\n" {
      body.removeLast()
      trailingBreaks += 1
    }
    // Only line breaks: a block without content lines reads as empty whatever its chomping.
    if body.isEmpty, trailingBreaks > 0 { return nil }
    let chomping = trailingBreaks == 0 ? "-" : trailingBreaks == 1 ? "" : "+"
    let lines = body.isEmpty ? [] : body.split(separator: "\n", omittingEmptySubsequences: false)
    // White space at the end of a line is invisible in a block (and editors strip it).
    if lines.contains(where: { $0.last == " " || $0.last == "\t" }) { return nil }
    let indent = String(repeating: " ", count: blockIndent)
    var content: [Substring] = []
    if folded {
      // A text line break is an empty line between two content lines; lines that start or end
      // with white space would change how the block folds.
      for line in lines {
        if line.first == " " || line.last == " " { return nil }
        if line.isEmpty {
          content.append(line)
          continue
        }
        if !content.isEmpty, content.last?.isEmpty == false { content.append("") }
        content.append(contentsOf: wrap(line))
      }
    } else {
      content = lines
    }
    let firstNonEmpty = content.first { !$0.isEmpty }
    let needsIndicator = firstNonEmpty.map { $0.first == " " || $0.first == "\t" } ?? false
    if needsIndicator, !(1...9).contains(blockIndent - parentIndent) { return nil }
    var out =
      (folded ? ">" : "|") + (needsIndicator ? String(blockIndent - parentIndent) : "") + chomping
    out += headerSuffix + lineEnding
    for line in content {
      out += (line.isEmpty ? "" : indent + line) + lineEnding
    }
    if trailingBreaks > 1 {
      out += String(repeating: lineEnding, count: trailingBreaks - 1)
    }
    return out
  }

  /// `line` broken at single spaces so that parts fit ``foldWidth`` where they can.
  func wrap(_ line: Substring) -> [Substring] {
    guard let width = foldWidth, width > 0, line.count > width else { return [line] }
    var parts: [Substring] = []
    var rest = line
    while rest.count > width {
      // The last single space (non-space on both sides) within the width, else the first after.
      var cut: Substring.Index? = nil
      var index = rest.startIndex
      var position = 0
      while index < rest.endIndex {
        let next = rest.index(after: index)
        if rest[index] == " ", index > rest.startIndex, next < rest.endIndex,
          rest[rest.index(before: index)] != " ", rest[next] != " "
        {
          if position <= width || cut == nil { cut = index }
          if position > width { break }
        }
        index = next
        position += 1
      }
      guard let space = cut else { break }
      parts.append(rest[..<space])
      rest = rest[rest.index(after: space)...]
    }
    parts.append(rest)
    return parts
  }
}
