import Messagevisor

/// A `::` number skeleton translated to `Intl.NumberFormat` options.
///
/// Supported tokens (spec §4.1): `percent`, `precision-integer`, `group-off`, `group-auto`,
/// `sign-always`, `sign-never`, `sign-except-zero`, `scientific`, `unit-width-iso-code`,
/// `unit-width-full-name`, `unit-width-short`, `currency/XXX`, `scale/N` and fraction precision
/// `.00##` (minimum = number of `0`s, maximum = number of `0`s and `#`s). Any other token is kept in
/// ``unsupportedTokens``; evaluating the argument then reports `unsupported_formatter` and throws,
/// so an unsupported skeleton never silently becomes plain decimal formatting.
public struct ICUNumberSkeleton: Sendable, Equatable {
  /// The skeleton text after `::`, trimmed.
  public var source: String
  /// The `Intl.NumberFormat` options the supported tokens produce (later tokens win).
  public var options: FormatOptions
  /// The `scale/N` multiplier applied to the value before formatting (1 when absent).
  public var scale: Double
  /// Tokens outside the supported list, in source order.
  public var unsupportedTokens: [String]

  /// Creates a skeleton from its parts.
  public init(source: String, options: FormatOptions, scale: Double, unsupportedTokens: [String]) {
    self.source = source
    self.options = options
    self.scale = scale
    self.unsupportedTokens = unsupportedTokens
  }

  /// Parses the text after `::`. A malformed supported token (`currency/EURO`, `scale/x`) is a
  /// syntax error; a well-formed but unsupported token is recorded, not rejected.
  static func parse(_ text: String) -> Result<ICUNumberSkeleton, SkeletonSyntaxError> {
    var options: FormatOptions = [:]
    var scale = 1.0
    var unsupported: [String] = []
    for (utf8Offset, token) in tokens(of: text) {
      let parts = token.split(separator: "/", omittingEmptySubsequences: false)
      guard let stem = parts.first else { continue }
      let argument = parts.count == 2 ? String(parts[1]) : nil
      switch (stem, parts.count) {
      case ("percent", 1): options["style"] = "percent"
      case ("precision-integer", 1):
        options["maximumFractionDigits"] = 0
        options["minimumFractionDigits"] = 0
      case ("group-off", 1): options["useGrouping"] = false
      case ("group-auto", 1): options["useGrouping"] = nil
      case ("sign-always", 1): options["signDisplay"] = "always"
      case ("sign-never", 1): options["signDisplay"] = "never"
      case ("sign-except-zero", 1): options["signDisplay"] = "exceptZero"
      case ("scientific", 1): options["notation"] = "scientific"
      case ("unit-width-iso-code", 1): options["currencyDisplay"] = "code"
      case ("unit-width-full-name", 1): options["currencyDisplay"] = "name"
      case ("unit-width-short", 1): options["currencyDisplay"] = "symbol"
      case ("currency", 2):
        guard let code = argument, code.utf8.count == 3,
          code.utf8.allSatisfy({ ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) })
        else {
          return .failure(
            SkeletonSyntaxError(
              utf8Offset: utf8Offset, expected: "a three-letter currency code after 'currency/'"))
        }
        options["style"] = "currency"
        options["currency"] = .string(code.uppercased())
      case ("scale", 2):
        guard let text = argument, let value = Double(text), value.isFinite else {
          return .failure(
            SkeletonSyntaxError(utf8Offset: utf8Offset, expected: "a number after 'scale/'"))
        }
        scale = value
      default:
        if parts.count == 1, let (minimum, maximum) = fractionPattern(stem) {
          options["minimumFractionDigits"] = .int(minimum)
          options["maximumFractionDigits"] = .int(maximum)
        } else {
          unsupported.append(String(token))
        }
      }
    }
    return .success(
      ICUNumberSkeleton(
        source: text, options: options, scale: scale, unsupportedTokens: unsupported))
  }

  /// The whitespace-separated tokens of `text` with their UTF-8 offsets.
  private static func tokens(of text: String) -> [(Int, Substring)] {
    var result: [(Int, Substring)] = []
    var offset = 0
    var start: String.Index?
    var startOffset = 0
    for index in text.indices {
      let character = text[index]
      if character.isWhitespace {
        if let begin = start { result.append((startOffset, text[begin..<index])) }
        start = nil
      } else if start == nil {
        start = index
        startOffset = offset
      }
      offset += character.utf8.count
    }
    if let begin = start { result.append((startOffset, text[begin...])) }
    return result
  }

  /// `.00##` → (2, 4); `.` → (0, 0); anything else → `nil`.
  private static func fractionPattern(_ token: Substring) -> (Int, Int)? {
    let bytes = Array(token.utf8)
    guard bytes.first == 46 else { return nil }
    var index = 1
    var zeros = 0
    while index < bytes.count, bytes[index] == 48 {
      zeros += 1
      index += 1
    }
    var hashes = 0
    while index < bytes.count, bytes[index] == 35 {
      hashes += 1
      index += 1
    }
    guard index == bytes.count, zeros + hashes <= 100 else { return nil }
    return (zeros, zeros + hashes)
  }
}

/// A malformed token inside a skeleton: the UTF-8 offset within the skeleton text and what was
/// expected there. The parser turns it into an ``ICUParseError`` with a message offset.
struct SkeletonSyntaxError: Error {
  var utf8Offset: Int
  var expected: String
}
