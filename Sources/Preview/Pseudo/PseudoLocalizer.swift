import Foundation

/// Pseudo-localization, as Android's `en-XA` and Transifex's pseudo files do it: every letter of
/// a source text becomes an accented look-alike, each piece of text grows by about 35 % (`~`), and
/// the whole string is bracketed. Untranslated strings (no accents) and truncated ones (no closing
/// `]`) stand out on screen, and layouts meet translation-sized text before any translator does.
///
/// ICU MessageFormat syntax is kept intact: argument names, types, styles, skeletons and plural or
/// select keywords are copied; only literal text (also inside plural and select branches) is
/// transformed; `#`, quoted literals (`'{'`), tags (`<b>`) and printf specifiers (`%@`, `%1$lld`)
/// are copied as well.
public enum PseudoLocalizer {
  /// The share by which each piece of literal text grows.
  public static let expansion = 0.35
  /// The character that pads text to its expanded length.
  public static let padding: Character = "~"
  /// The brackets around a whole string.
  public static let brackets: (open: String, close: String) = ("[", "]")

  /// The accented look-alike of each ASCII letter (all one column wide).
  static let accents: [Character: Character] = {
    let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    let accented = Array("åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
    return Dictionary(uniqueKeysWithValues: zip(plain, accented))
  }()

  /// The pseudo-localized form of `message`.
  public static func transform(_ message: String) -> String {
    var scanner = Scanner(Array(message))
    let body = scanner.message(level: 0, inPlural: false)
    return brackets.open + body + brackets.close
  }

  /// How many padding characters `count` literal characters get.
  static func padCount(_ count: Int) -> Int {
    count == 0 ? 0 : Int((Double(count) * expansion).rounded(.up))
  }

  /// A recursive-descent walk over ICU MessageFormat text that never fails: unbalanced input is
  /// transformed as far as it goes and the rest copied.
  struct Scanner {
    let chars: [Character]
    var index = 0

    init(_ chars: [Character]) { self.chars = chars }

    var current: Character? { index < chars.count ? chars[index] : nil }

    func peek(_ offset: Int) -> Character? {
      index + offset < chars.count ? chars[index + offset] : nil
    }

    /// Literal text up to the `}` that closes it (not consumed) or the end, padded.
    mutating func message(level: Int, inPlural: Bool) -> String {
      var output = ""
      var literalCount = 0
      while let char = current {
        if char == "}" && level > 0 { break }
        switch char {
        case "'":
          if peek(1) == "'" {
            output += "''"
            index += 2
            literalCount += 1
          } else if let next = peek(1), "{}#|".contains(next) {
            // A quoted literal: copied through the closing apostrophe.
            output.append(char)
            index += 1
            while let quoted = current {
              output.append(quoted)
              index += 1
              if quoted == "'" {
                if current == "'" {
                  output.append("'")
                  index += 1
                } else {
                  break
                }
              } else {
                literalCount += 1
              }
            }
          } else {
            output.append(char)
            index += 1
            literalCount += 1
          }
        case "{":
          output += argument(level: level)
        case "#" where inPlural:
          output.append(char)
          index += 1
        case "<" where peek(1).map { $0.isLetter || $0 == "/" } ?? false:
          output += copyTag()
        case "%":
          output += copyFormatSpecifier()
        default:
          output.append(accents[char] ?? char)
          index += 1
          literalCount += 1
        }
      }
      return output + String(repeating: PseudoLocalizer.padding, count: padCount(literalCount))
    }

    /// `{name, type, …}` from its `{`: syntax copied, sub-messages (`{…}` inside) transformed.
    mutating func argument(level: Int) -> String {
      var output = "{"
      index += 1
      var header = ""
      while let char = current {
        if char == "}" {
          output.append(char)
          index += 1
          return output
        }
        if char == "{" {
          let words = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
          let type = words.count > 1 ? words[1] : ""
          let plural = type == "plural" || type == "selectordinal"
          output.append(char)
          index += 1
          output += message(level: level + 1, inPlural: plural)
          if current == "}" {
            output.append("}")
            index += 1
          }
          continue
        }
        output.append(char)
        header.append(char)
        index += 1
      }
      return output
    }

    /// `<tag …>` or `</tag>`, copied through `>` (or the end).
    mutating func copyTag() -> String {
      var output = ""
      while let char = current {
        output.append(char)
        index += 1
        if char == ">" { break }
      }
      return output
    }

    /// A printf-style specifier (`%@`, `%d`, `%1$@`, `%.2f`, `%lld`, `%%`), copied; a lone `%`
    /// is text.
    mutating func copyFormatSpecifier() -> String {
      var end = index + 1
      func at(_ i: Int) -> Character? { i < chars.count ? chars[i] : nil }
      if at(end) == "%" {
        index = end + 1
        return "%%"
      }
      var scan = end
      while let c = at(scan), c.isASCII, c.isNumber { scan += 1 }
      if at(scan) == "$" { end = scan + 1 }
      while let c = at(end), "-+ #0".contains(c) { end += 1 }
      while let c = at(end), c.isASCII, c.isNumber { end += 1 }
      if at(end) == "." {
        end += 1
        while let c = at(end), c.isASCII, c.isNumber { end += 1 }
      }
      while let c = at(end), "hlqLzjt".contains(c) { end += 1 }
      guard let conversion = at(end), "@dDiuUxXoOfFeEgGcCsSpaA".contains(conversion) else {
        index += 1
        return "%"
      }
      let specifier = String(chars[index...end])
      index = end + 1
      return specifier
    }
  }
}
