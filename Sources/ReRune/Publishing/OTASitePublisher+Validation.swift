import Foundation
import TerminalSafety

extension OTASitePublisher {
  /// Checks that `key` can be published: not empty, nothing a terminal would show differently
  /// (no control, bidi-control, separator or invisible character, no joiner outside a shaping
  /// position: every scalar `SafeText.neutralized` would change).
  public static func validate(key: String) throws(OTASitePublisherError) {
    guard !key.isEmpty else { throw .emptyKey }
    if key.trimmingCharacters(in: .whitespaces).isEmpty {
      throw .invalidKey(key, reason: "it contains only spaces")
    }
    if let scalar = SafeText.unsafeScalars(in: key).first {
      let kind = isControl(scalar) ? "control character" : "invisible or bidi-control character"
      throw .invalidKey(key, reason: "\(kind) \(code(scalar))")
    }
  }

  /// Checks that `value` can be published for `key`, refusing (never silently changing) text that
  /// would reach a terminal or a screen differently from what the translator typed:
  /// - control characters other than newline and tab;
  /// - bidi embeddings and overrides (U+202A–U+202E), which reorder everything after them (the
  ///   isolates U+2066–U+2069 and the marks LRM, RLM, ALM stay allowed: they are how right-to-left
  ///   text is written correctly, and displays remove them after use);
  /// - U+2028 and U+2029 (use a newline);
  /// - ZWJ or ZWNJ outside a shaping position (an emoji ZWJ sequence, after a virama, in a joining
  ///   or Indic script; see `SafeText`): elsewhere they change nothing visible but shift terminal
  ///   layout;
  /// - unbalanced ICU braces (apostrophe quoting as in ICU MessageFormat: `''` is a literal
  ///   apostrophe, `'{` starts a quoted literal that runs to the next single `'`).
  ///
  /// An empty value is allowed: it is an intentional (empty) translation.
  public static func validate(value: String, for key: String) throws(OTASitePublisherError) {
    let scalars = Array(value.unicodeScalars)
    for (offset, scalar) in scalars.enumerated() {
      if isControl(scalar), scalar != "\n", scalar != "\t" {
        throw .invalidValue(
          key: key,
          reason:
            "control character \(code(scalar)) at offset \(offset) (only newline and tab are allowed)"
        )
      }
      if SafeText.isBidiOverride(scalar) {
        throw .invalidValue(
          key: key,
          reason:
            "bidi embedding/override \(code(scalar)) at offset \(offset) (it reorders the text after it; use the isolates U+2066–U+2069 or the marks U+200E/U+200F)"
        )
      }
      if scalar.value == 0x2028 || scalar.value == 0x2029 {
        throw .invalidValue(
          key: key,
          reason: "line/paragraph separator \(code(scalar)) at offset \(offset) (use a newline)")
      }
      if scalar.value == 0x200D || scalar.value == 0x200C,
        !SafeText.joinerShapes(in: scalars, at: offset)
      {
        let name = scalar.value == 0x200D ? "zero-width joiner" : "zero-width non-joiner"
        throw .invalidValue(
          key: key,
          reason:
            "\(name) \(code(scalar)) at offset \(offset) joins nothing here (joiners are kept only in emoji sequences, after a virama and in joining or Indic scripts)"
        )
      }
    }
    try checkBraces(value, key: key)
  }

  private static func code(_ scalar: Unicode.Scalar) -> String {
    String(format: "U+%04X", scalar.value)
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    default: return false
    }
  }

  private static func checkBraces(_ value: String, key: String) throws(OTASitePublisherError) {
    let scalars = Array(value.unicodeScalars)
    var depth = 0
    var openOffsets: [Int] = []
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "'" {
        let next = index + 1 < scalars.count ? scalars[index + 1] : nil
        if next == "'" {
          index += 2
          continue
        }
        if next == "{" || next == "}" {
          // Quoted literal: runs to the next single apostrophe ('' inside stays literal).
          var cursor = index + 1
          var closed = false
          while cursor < scalars.count {
            if scalars[cursor] == "'" {
              if cursor + 1 < scalars.count, scalars[cursor + 1] == "'" {
                cursor += 2
                continue
              }
              closed = true
              break
            }
            cursor += 1
          }
          index = closed ? cursor + 1 : scalars.count
          continue
        }
      } else if scalar == "{" {
        depth += 1
        openOffsets.append(index)
      } else if scalar == "}" {
        guard depth > 0 else {
          throw .invalidValue(
            key: key, reason: "unmatched \"}\" at offset \(index) (quote literal braces as '}')")
        }
        depth -= 1
        openOffsets.removeLast()
      }
      index += 1
    }
    if let first = openOffsets.first {
      throw .invalidValue(
        key: key, reason: "unclosed \"{\" at offset \(first) (quote literal braces as '{')")
    }
  }
}
