/// Finds preset names used by ICU arguments `{x, number|date|time, name}` in a message, for
/// `includeOnlyUsedFormats`. Skeletons (`::…`) and built-in styles without a preset are ignored by
/// the caller (only names that exist as presets are kept). Apostrophe quoting follows ICU.
public enum ICUArgumentScanner {
  /// A malformed message (unbalanced braces).
  public struct Failure: Error, Sendable, Equatable {
    /// What is wrong.
    public var message: String
  }

  /// Preset names per family (`number`, `date`, `time`) referenced by `message`.
  public static func usedPresets(in message: String) throws(Failure) -> [String: Set<String>] {
    let chars = Array(message)
    var result: [String: Set<String>] = [:]
    var depth = 0
    var index = 0
    var inQuote = false
    while index < chars.count {
      let char = chars[index]
      if char == "'" {
        if index + 1 < chars.count, chars[index + 1] == "'" {
          index += 2
          continue
        }
        if inQuote {
          inQuote = false
        } else if index + 1 < chars.count, "{}#|".contains(chars[index + 1]) {
          inQuote = true
        }
        index += 1
        continue
      }
      if inQuote {
        index += 1
        continue
      }
      if char == "{" {
        depth += 1
        if let (family, name) = argument(chars, from: index + 1) {
          result[family, default: []].insert(name)
        }
      } else if char == "}" {
        depth -= 1
        guard depth >= 0 else { throw Failure(message: "unexpected \"}\" at offset \(index)") }
      }
      index += 1
    }
    guard depth == 0 else { throw Failure(message: "unclosed \"{\"") }
    return result
  }

  /// Parses `name, type, style}` after a `{`.
  static func argument(_ chars: [Character], from start: Int) -> (String, String)? {
    var parts: [String] = []
    var current = ""
    var index = start
    while index < chars.count {
      let char = chars[index]
      if char == "{" || char == "'" { return nil }
      if char == "," {
        parts.append(current.trimmingWhitespace())
        current = ""
        if parts.count > 2 { return nil }
      } else if char == "}" {
        parts.append(current.trimmingWhitespace())
        break
      } else {
        current.append(char)
      }
      index += 1
    }
    guard index < chars.count, parts.count == 3, ["number", "date", "time"].contains(parts[1])
    else { return nil }
    let style = parts[2]
    guard !style.isEmpty, !style.hasPrefix("::"), !style.contains(where: \.isWhitespace) else {
      return nil
    }
    return (parts[1], style)
  }
}

extension String {
  func trimmingWhitespace() -> String {
    var text = Substring(self)
    while let first = text.first, first.isWhitespace { text = text.dropFirst() }
    while let last = text.last, last.isWhitespace { text = text.dropLast() }
    return String(text)
  }
}
