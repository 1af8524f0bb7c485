import Messagevisor

/// A `::` date/time skeleton such as `yyyyMMdd` translated to `Intl.DateTimeFormat` field options.
///
/// The native formatter builds a localized pattern from these fields (a localized template), so
/// `::yyyyMMdd` gives `05/12/2026` in en-US and `12/05/2026` in en-GB rather than a fixed
/// pattern. Supported letters: `G` (era), `y` (year), `M`/`L` (month), `d` (day), `E` (weekday),
/// `a` (12-hour clock), `h`/`H`/`K`/`k` (hour with its cycle), `m` (minute), `s` (second),
/// `z`/`O`/`v` (time-zone name). Other letters are kept in ``unsupportedFields``; evaluating the
/// argument then reports `unsupported_formatter` and throws.
public struct ICUDateSkeleton: Sendable, Equatable {
  /// The skeleton text after `::`, trimmed.
  public var source: String
  /// The `Intl.DateTimeFormat` options.
  public var options: FormatOptions
  /// Field runs that have no Intl equivalent here (for example `QQQ` or `ww`).
  public var unsupportedFields: [String]

  /// Creates a skeleton from its parts.
  public init(source: String, options: FormatOptions, unsupportedFields: [String]) {
    self.source = source
    self.options = options
    self.unsupportedFields = unsupportedFields
  }

  /// Translates the text after `::`. Literal text (quotes, punctuation) is ignored, as in
  /// FormatJS, because a skeleton only names fields.
  static func parse(_ text: String) -> ICUDateSkeleton {
    var options: FormatOptions = [:]
    var unsupported: [String] = []
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let letter = characters[index]
      if letter == "'" {
        index += 1
        while index < characters.count, characters[index] != "'" { index += 1 }
        index += 1
        continue
      }
      var count = 1
      while index + count < characters.count, characters[index + count] == letter { count += 1 }
      defer { index += count }
      guard letter.isASCII, letter.isLetter else { continue }
      let width = ["short", "long", "narrow"]
      switch letter {
      case "G": options["era"] = .string(count == 4 ? width[1] : count == 5 ? width[2] : width[0])
      case "y": options["year"] = count == 2 ? "2-digit" : "numeric"
      case "M", "L":
        let styles = ["numeric", "2-digit", "short", "long", "narrow"]
        options["month"] = .string(styles[min(count, 5) - 1])
      case "d": options["day"] = count == 2 ? "2-digit" : "numeric"
      case "E":
        options["weekday"] = .string(count == 4 ? width[1] : count == 5 ? width[2] : width[0])
      case "a": options["hour12"] = true
      case "h", "H", "K", "k":
        let cycles: [Character: String] = ["h": "h12", "H": "h23", "K": "h11", "k": "h24"]
        options["hour"] = count == 2 ? "2-digit" : "numeric"
        options["hourCycle"] = .string(cycles[letter] ?? "h23")
      case "m": options["minute"] = count == 2 ? "2-digit" : "numeric"
      case "s": options["second"] = count == 2 ? "2-digit" : "numeric"
      case "z": options["timeZoneName"] = count < 4 ? "short" : "long"
      case "O": options["timeZoneName"] = count < 4 ? "shortOffset" : "longOffset"
      case "v": options["timeZoneName"] = count < 4 ? "shortGeneric" : "longGeneric"
      default: unsupported.append(String(repeating: letter, count: count))
      }
    }
    return ICUDateSkeleton(source: text, options: options, unsupportedFields: unsupported)
  }
}
