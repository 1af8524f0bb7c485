import Foundation

/// Validates and compiles portable regular expressions (spec §2.2, fixture `portableRegex`).
///
/// Portable flags are a subset of `i`, `m`, `s`, `u`, each at most once. Lookarounds, any `(?`
/// group, backreferences (`\1`…`\9`, `\k<…>`, `\g<…>`) and possessive quantifiers are rejected.
enum PortableRegex {
  /// The `NSRegularExpression` options for `flags`, or `nil` when the flags are not portable.
  static func options(forFlags flags: String) -> NSRegularExpression.Options? {
    var options: NSRegularExpression.Options = []
    var seen = Set<Character>()
    for flag in flags {
      guard seen.insert(flag).inserted else { return nil }
      switch flag {
      case "i": options.insert(.caseInsensitive)
      case "m": options.insert(.anchorsMatchLines)
      case "s": options.insert(.dotMatchesLineSeparators)
      case "u": break  // ICU regular expressions are Unicode-aware by default.
      default: return nil
      }
    }
    return options
  }

  /// Whether `pattern` only uses portable syntax.
  static func isPortable(_ pattern: String) -> Bool {
    let chars = Array(pattern.unicodeScalars)
    var index = 0
    var inClass = false
    var afterQuantifier = false
    while index < chars.count {
      let char = chars[index]
      if char == "\\" {
        guard index + 1 < chars.count else { return false }
        let next = chars[index + 1]
        if !inClass {
          if ("1"..."9").contains(next) { return false }
          if next == "k" || next == "g", index + 2 < chars.count,
            chars[index + 2] == "<" || chars[index + 2] == "'"
          {
            return false
          }
        }
        index += 2
        afterQuantifier = false
        continue
      }
      if inClass {
        if char == "]" { inClass = false }
        index += 1
        afterQuantifier = false
        continue
      }
      switch char {
      case "[":
        inClass = true
        index += 1
        // A leading `]` or `^]` is literal inside the class.
        if index < chars.count, chars[index] == "^" { index += 1 }
        if index < chars.count, chars[index] == "]" { index += 1 }
        afterQuantifier = false
        continue
      case "(":
        if index + 1 < chars.count, chars[index + 1] == "?" { return false }
        afterQuantifier = false
      case "*", "+", "?":
        if afterQuantifier && char == "+" { return false }
        // `x*?` (lazy) is fine; `x*?+` is not possessive in JS but unusual; treat `?` after a
        // quantifier as lazy and keep looking for a `+`.
        afterQuantifier = true
        index += 1
        continue
      case "{":
        if let end = quantifierEnd(chars, from: index) {
          if end + 1 < chars.count, chars[end + 1] == "+" { return false }
          index = end + 1
          afterQuantifier = true
          continue
        }
        afterQuantifier = false
      default:
        afterQuantifier = false
      }
      index += 1
    }
    return true
  }

  /// The index of the `}` closing a `{n}`, `{n,}` or `{n,m}` quantifier starting at `start`.
  private static func quantifierEnd(_ chars: [Unicode.Scalar], from start: Int) -> Int? {
    var index = start + 1
    var digits = 0
    while index < chars.count, ("0"..."9").contains(chars[index]) {
      index += 1
      digits += 1
    }
    guard digits > 0, index < chars.count else { return nil }
    if chars[index] == "," {
      index += 1
      while index < chars.count, ("0"..."9").contains(chars[index]) { index += 1 }
    }
    guard index < chars.count, chars[index] == "}" else { return nil }
    return index
  }

  /// The outcome of a bounded search.
  enum SearchResult: Equatable {
    case matched
    case notMatched
    /// The search ran out of its allowance and was stopped.
    case abandoned
  }

  /// Searches `text` for `regex`, stopping after `allowance` progress reports of ICU's matcher
  /// (catastrophic backtracking such as `(a+)+b`). `reports` receives the reports the search made.
  static func search(
    _ regex: NSRegularExpression, in text: String, allowance: Int, reports: inout Int
  ) -> SearchResult {
    var found = false
    var count = 0
    var abandoned = false
    regex.enumerateMatches(
      in: text, options: [.reportProgress], range: NSRange(location: 0, length: text.utf16.count)
    ) { result, _, stop in
      if result != nil {
        found = true
        stop.pointee = true
        return
      }
      count += 1
      if count >= allowance {
        abandoned = true
        stop.pointee = true
      }
    }
    reports = count
    if found { return .matched }
    return abandoned ? .abandoned : .notMatched
  }

  /// Compiles a portable expression, or `nil` when it is invalid or not portable.
  static func compile(_ pattern: String, flags: String) -> NSRegularExpression? {
    guard let options = options(forFlags: flags), isPortable(pattern) else { return nil }
    return try? NSRegularExpression(pattern: pattern, options: options)
  }
}
