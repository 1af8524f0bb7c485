import Foundation

/// Locale, numbering-system, time-zone and currency look-ups shared by the formatters.
enum LocaleResolver {
  /// A Foundation locale for a BCP 47 / ICU identifier, optionally forcing a numbering system
  /// (`@numbers=`) or calendar (`@calendar=`).
  static func locale(_ identifier: String, numberingSystem: String? = nil, calendar: String? = nil)
    throws(FormatFailure) -> Locale
  {
    var keywords: [String] = []
    if let numberingSystem {
      guard isKeywordValue(numberingSystem) else {
        throw .invalidOptions(
          "option \"numberingSystem\" must be a Unicode numbering system id such as \"latn\" or \"arab\"; got \"\(numberingSystem)\""
        )
      }
      keywords.append("numbers=" + numberingSystem.lowercased())
    }
    if let calendar {
      guard isKeywordValue(calendar) else {
        throw .invalidOptions(
          "option \"calendar\" must be a Unicode calendar id such as \"gregory\" or \"japanese\"; got \"\(calendar)\""
        )
      }
      let name = calendar.lowercased() == "gregory" ? "gregorian" : calendar.lowercased()
      keywords.append("calendar=" + name)
    }
    if keywords.isEmpty { return Locale(identifier: identifier) }
    let base = Locale.identifier(.icu, from: identifier)
    let separator = base.contains("@") ? ";" : "@"
    return Locale(identifier: base + separator + keywords.joined(separator: ";"))
  }

  /// `true` for 3–8 alphanumeric characters (optionally several such subtags joined by `-`).
  static func isKeywordValue(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    return !parts.isEmpty
      && parts.allSatisfy { part in
        (3...8).contains(part.count)
          && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      }
  }

  private static let twelveHourCache = BoundedCache<String, Bool>(capacity: 256)

  /// Whether the locale's preferred hour cycle is 12-hour (its `j` skeleton resolves to h or K).
  static func prefersTwelveHour(_ locale: Locale) -> Bool {
    twelveHourCache.value(for: locale.identifier) { () -> Bool in
      let pattern = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale) ?? ""
      return pattern.contains("h") || pattern.contains("K")
    }
  }

  private static let minimumGroupingCache = BoundedCache<String, Bool>(capacity: 256)

  /// Whether the locale leaves four-digit numbers ungrouped (CLDR minimumGroupingDigits 2).
  static func hasMinimumGroupingTwo(_ locale: Locale) -> Bool {
    minimumGroupingCache.value(for: locale.identifier) { () -> Bool in
      let style = FloatingPointFormatStyle<Double>(locale: locale).grouping(.automatic)
      let four = style.format(1234)
      let five = style.format(12345)
      return four.count == 4 && five.count > 5
    }
  }

  private static let currencyDigitCache = BoundedCache<String, Int>(capacity: 512)

  /// ISO 4217 minor-unit digits of `code` (from the locale data: USD 2, JPY 0, BHD 3).
  static func currencyDigits(_ code: String) -> Int {
    currencyDigitCache.value(for: code) { () -> Int in
      let text = FloatingPointFormatStyle<Double>.Currency(
        code: code, locale: Locale(identifier: "en_US_POSIX")
      ).presentation(.isoCode).format(1)
      guard let point = text.firstIndex(of: ".") else { return 0 }
      return text[text.index(after: point)...].prefix(while: { $0.isASCII && $0.isNumber }).count
    }
  }

  private static let zoneCache = BoundedCache<String, TimeZone?>(capacity: 256)

  /// An IANA time zone (case-insensitive, "UTC"/"GMT"/"Etc/…" included) or `nil` when unknown.
  static func timeZone(_ identifier: String) -> TimeZone? {
    zoneCache.value(for: identifier) { () -> TimeZone? in
      let upper = identifier.uppercased()
      if upper == "UTC" || upper == "ETC/UTC" || upper == "GMT" || upper == "ETC/GMT"
        || upper == "Z" || upper == "ETC/UCT" || upper == "UCT" || upper == "ETC/ZULU"
      {
        // ECMA-402 canonicalizes these to "UTC"; Foundation's "UTC"/"GMT" ids would be named
        // "Greenwich Mean Time", Etc/UTC gives "Coordinated Universal Time" / "UTC" like Intl.
        return TimeZone(identifier: "Etc/UTC") ?? TimeZone(secondsFromGMT: 0)
      }
      if let zone = TimeZone(identifier: identifier),
        identifier.contains("/") || zone.identifier == identifier
      {
        return zone
      }
      if let offset = offsetSeconds(identifier) { return TimeZone(secondsFromGMT: offset) }
      let lower = identifier.lowercased()
      if let match = TimeZone.knownTimeZoneIdentifiers.first(where: { $0.lowercased() == lower }) {
        return TimeZone(identifier: match)
      }
      return nil
    }
  }

  /// ECMA-402 offset time zones: "+01:00", "-0530", "+05".
  static func offsetSeconds(_ text: String) -> Int? {
    let scalars = Array(text.utf8)
    guard scalars.count >= 3, scalars[0] == UInt8(ascii: "+") || scalars[0] == UInt8(ascii: "-")
    else { return nil }
    let digits = scalars.dropFirst().filter { $0 != UInt8(ascii: ":") }
    guard digits.count == 2 || digits.count == 4, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
      return nil
    }
    let values = digits.map { Int($0 - 48) }
    let hours = values[0] * 10 + values[1]
    let minutes = values.count == 4 ? values[2] * 10 + values[3] : 0
    guard hours <= 23, minutes <= 59 else { return nil }
    let seconds = hours * 3600 + minutes * 60
    return scalars[0] == UInt8(ascii: "-") ? -seconds : seconds
  }
}
