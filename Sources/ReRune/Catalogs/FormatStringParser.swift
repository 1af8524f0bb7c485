/// Splits Apple format strings (`%@`, `%d`, `%lld`, `%1$@`, `%.2f`, `%%`, `%#@name@`) into tokens.
///
/// Rules (they match what the String Catalog tooling accepts):
/// - `%%` is a literal `%`; a `%` at the end of the text or followed by a character that cannot start a
///   specifier (a space, punctuation, …) is a literal `%` (so `50% off` stays text).
/// - Flags `-+#0'`, a width, a precision and the length modifiers `hh h ll l q L z t j` are accepted.
/// - Conversions `@ s S d i u o x X f F e E g G a A c C` are supported; `p n` and `*` widths are
///   rejected as unsupported, and anything else after a started specifier is malformed.
public enum FormatStringParser {
  /// Why a format string could not be tokenised.
  public struct Failure: Error, Sendable, Equatable {
    /// Character offset (0-based, in `Character`s) of the offending `%` within the string.
    public var offset: Int
    /// The offending specifier text.
    public var specifier: String
    /// Human-readable explanation.
    public var reason: String
  }

  /// Tokenises `text`. When `allowSubstitutionArgument` is true, `%arg` is read as
  /// ``FormatToken/substitutionArgument`` (used for String Catalog substitution variations).
  public static func tokenize(_ text: String, allowSubstitutionArgument: Bool = false)
    throws(Failure)
    -> [FormatToken]
  {
    let chars = Array(text)
    var tokens: [FormatToken] = []
    var literal = ""
    var i = 0
    func flush() {
      if !literal.isEmpty {
        tokens.append(.literal(literal))
        literal = ""
      }
    }
    while i < chars.count {
      let c = chars[i]
      guard c == "%" else {
        literal.append(c)
        i += 1
        continue
      }
      let start = i
      var j = i + 1
      guard j < chars.count else {
        literal.append("%")
        i = j
        continue
      }
      if chars[j] == "%" {
        literal.append("%")
        i = j + 1
        continue
      }
      if allowSubstitutionArgument, j + 2 < chars.count, chars[j] == "a", chars[j + 1] == "r",
        chars[j + 2] == "g"
      {
        flush()
        tokens.append(.substitutionArgument)
        i = j + 3
        continue
      }
      // Optional positional prefix `N$`.
      var position: Int?
      var k = j
      var digits = ""
      while k < chars.count, let d = chars[k].wholeNumberValue, chars[k].isASCII {
        digits.append(String(d))
        k += 1
      }
      if k < chars.count, chars[k] == "$" {
        guard let n = Int(digits), n >= 1, n <= 99 else {
          throw Failure(
            offset: start, specifier: String(chars[start...min(k, chars.count - 1)]),
            reason: digits.isEmpty
              ? "a positional specifier needs an argument number before '$' (e.g. %2$lld)"
              : "argument position \(digits) is out of range (1...99)")
        }
        position = n
        j = k + 1
      }
      // Substitution `%#@name@` (optionally positional).
      if j + 1 < chars.count, chars[j] == "#", chars[j + 1] == "@" {
        var end = j + 2
        var name = ""
        while end < chars.count, chars[end] != "@" {
          name.append(chars[end])
          end += 1
        }
        guard end < chars.count, !name.isEmpty else {
          throw Failure(
            offset: start, specifier: String(chars[start..<min(end, chars.count)]),
            reason: "unterminated substitution; expected %#@name@")
        }
        flush()
        tokens.append(.substitution(name: name, position: position))
        i = end + 1
        continue
      }
      var started = position != nil
      // Flags.
      var flags = ""
      while j < chars.count, "-+#0'".contains(chars[j]) {
        flags.append(chars[j])
        j += 1
        started = true
      }
      // Width.
      if j < chars.count, chars[j] == "*" {
        throw Failure(
          offset: start, specifier: String(chars[start...j]),
          reason: "'*' widths take an extra argument and are not supported")
      }
      var widthDigits = ""
      while j < chars.count, chars[j].isASCII, chars[j].isNumber {
        widthDigits.append(chars[j])
        j += 1
        started = true
      }
      // Precision.
      var precision: Int?
      if j < chars.count, chars[j] == "." {
        started = true
        j += 1
        var p = ""
        while j < chars.count, chars[j].isASCII, chars[j].isNumber {
          p.append(chars[j])
          j += 1
        }
        precision = Int(p) ?? 0
      }
      // Length modifiers.
      for modifier in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] {
        let m = Array(modifier)
        if j + m.count <= chars.count, Array(chars[j..<j + m.count]) == m {
          // Only a length modifier when a conversion follows.
          if j + m.count < chars.count, "diouxXfFeEgGaAcCsSp@n".contains(chars[j + m.count]) {
            j += m.count
            started = true
          }
          break
        }
      }
      guard j < chars.count else {
        if started {
          throw Failure(
            offset: start, specifier: String(chars[start...]),
            reason: "format specifier is missing its conversion character")
        }
        literal.append("%")
        i = start + 1
        continue
      }
      let conversion = chars[j]
      let kind: FormatArgumentKind
      switch conversion {
      case "@", "s": kind = .object
      case "d", "i", "u", "o", "x", "X": kind = .integer
      case "f", "F", "e", "E", "g", "G", "a", "A": kind = .double
      case "c", "C": kind = .character
      case "S": kind = .object
      case "p", "n":
        throw Failure(
          offset: start, specifier: String(chars[start...j]),
          reason:
            "'%\(conversion)' is not a supported format specifier (use %@, %d, %lld, %f, %c or a positional form)"
        )
      default:
        if started {
          throw Failure(
            offset: start, specifier: String(chars[start...j]),
            reason: "'\(conversion)' is not a format conversion character")
        }
        literal.append("%")
        i = start + 1
        continue
      }
      flush()
      tokens.append(
        .specifier(
          FormatSpecifier(
            position: position, precision: precision, conversion: conversion, kind: kind,
            raw: String(chars[start...j]), flags: flags, width: Int(widthDigits))))
      i = j + 1
    }
    flush()
    return tokens
  }
}
