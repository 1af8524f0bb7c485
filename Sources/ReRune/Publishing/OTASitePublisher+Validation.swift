import Foundation

extension OTASitePublisher {
  /// Checks that `key` can be published: not empty, no control characters.
  public static func validate(key: String) throws(OTASitePublisherError) {
    guard !key.isEmpty else { throw .emptyKey }
    if key.trimmingCharacters(in: .whitespaces).isEmpty {
      throw .invalidKey(key, reason: "it contains only spaces")
    }
    for scalar in key.unicodeScalars where isControl(scalar) {
      throw .invalidKey(key, reason: String(format: "control character U+%04X", scalar.value))
    }
  }

  /// Checks that `value` can be published for `key`: no control characters other than newline
  /// and tab, and balanced ICU braces (apostrophe quoting as in ICU MessageFormat: `''` is a
  /// literal apostrophe, `'{` starts a quoted literal that runs to the next single `'`).
  ///
  /// An empty value is allowed: it is an intentional (empty) translation.
  public static func validate(value: String, for key: String) throws(OTASitePublisherError) {
    var offset = 0
    for scalar in value.unicodeScalars {
      if isControl(scalar), scalar != "\n", scalar != "\t" {
        throw .invalidValue(
          key: key,
          reason: String(
            format: "control character U+%04X at offset %d (only newline and tab are allowed)",
            scalar.value, offset))
      }
      offset += 1
    }
    try checkBraces(value, key: key)
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
