import Foundation

/// A validated `Intl.DateTimeFormat` option bag: either a style pair or an ICU skeleton.
struct DateOptions {
  /// What the caller asks for when no date or time fields are given.
  enum Defaults: UInt8, Hashable, Sendable {
    case date, time
  }

  var locale: Locale
  var localeIdentifier: String
  var timeZone: TimeZone
  var dateStyle: DateFormatter.Style?
  var timeStyle: DateFormatter.Style?
  /// ICU skeleton for the field shape (empty for the style shape).
  var skeleton: String
  /// The exact hour pattern character required by `hourCycle` (K, h, H or k), if any.
  var forcedHour: Character?
  /// The skeleton hour character requested by `hour12` / `hourCycle` (`j` = locale default).
  var hourSkeleton: Character
  /// The hour field width requested by `hour` (1 numeric, 2 two-digit) for the field shape.
  var hourWidth: Int?
  var notes: [UnsupportedFormatterNote]

  static let styleValues = ["full", "long", "medium", "short"]
  static let fieldNames = [
    "weekday", "era", "year", "month", "day", "dayPeriod", "hour", "minute", "second",
    "fractionalSecondDigits", "timeZoneName",
  ]

  static func read(
    locale identifier: String, options: FormatOptions, defaults: Defaults, formatter: String
  )
    throws(FormatFailure) -> DateOptions
  {
    let reader = OptionReader(options, formatter: formatter)
    let calendar = try reader.string("calendar")
    let numberingSystem = try reader.string("numberingSystem")
    let locale = try LocaleResolver.locale(
      identifier, numberingSystem: numberingSystem, calendar: calendar)

    var timeZone = TimeZone.current
    if let zoneName = try reader.string("timeZone") {
      guard let zone = LocaleResolver.timeZone(zoneName) else {
        throw .invalidOptions(
          "\(formatter) option \"timeZone\" is not a known IANA time zone: \"\(zoneName)\"")
      }
      timeZone = zone
    }
    _ = try reader.string("formatMatcher", ["basic", "best fit"])
    _ = try reader.string("localeMatcher", ["lookup", "best fit"])
    let hour12 = try reader.bool("hour12")
    let hourCycle = try reader.string("hourCycle", ["h11", "h12", "h23", "h24"])
    var hourSkeleton: Character = "j"
    var forcedHour: Character?
    if let hour12 {
      hourSkeleton = hour12 ? "h" : "H"
    } else if let hourCycle {
      let character: Character =
        switch hourCycle {
        case "h11": "K"
        case "h12": "h"
        case "h23": "H"
        default: "k"
        }
      hourSkeleton = character == "K" || character == "h" ? "h" : "H"
      forcedHour = character
    }

    let dateStyle = try reader.string("dateStyle", styleValues).map(style)
    let timeStyle = try reader.string("timeStyle", styleValues).map(style)

    // Field shape.
    let weekday = try reader.string("weekday", ["narrow", "short", "long"])
    let era = try reader.string("era", ["narrow", "short", "long"])
    let year = try reader.string("year", ["numeric", "2-digit"])
    let month = try reader.string("month", ["numeric", "2-digit", "narrow", "short", "long"])
    let day = try reader.string("day", ["numeric", "2-digit"])
    let dayPeriod = try reader.string("dayPeriod", ["narrow", "short", "long"])
    let hour = try reader.string("hour", ["numeric", "2-digit"])
    let minute = try reader.string("minute", ["numeric", "2-digit"])
    let second = try reader.string("second", ["numeric", "2-digit"])
    let fraction = try reader.integer("fractionalSecondDigits", 1...3)
    let zoneName = try reader.string(
      "timeZoneName",
      ["short", "long", "shortOffset", "longOffset", "shortGeneric", "longGeneric"])

    let hasFields = fieldNames.contains { reader.has($0) }
    if (dateStyle != nil || timeStyle != nil) && hasFields {
      let fields = fieldNames.filter { reader.has($0) }.joined(separator: ", ")
      throw .invalidOptions(
        "\(formatter) options dateStyle/timeStyle cannot be combined with field options (\(fields))"
      )
    }

    var skeleton = ""
    var hourWidth: Int?
    if dateStyle == nil && timeStyle == nil {
      var year = year
      var month = month
      var day = day
      var hour = hour
      var minute = minute
      var second = second
      let hasDate = weekday != nil || year != nil || month != nil || day != nil
      let hasTime =
        dayPeriod != nil || hour != nil || minute != nil || second != nil || fraction != nil
      if !hasDate && !hasTime {
        switch defaults {
        case .date:
          (year, month, day) = ("numeric", "numeric", "numeric")
        case .time:
          (hour, minute, second) = ("numeric", "numeric", "numeric")
        }
      }
      switch era {
      case "narrow": skeleton += "GGGGG"
      case "short": skeleton += "G"
      case "long": skeleton += "GGGG"
      default: break
      }
      switch year {
      case "numeric": skeleton += "y"
      case "2-digit": skeleton += "yy"
      default: break
      }
      switch month {
      case "numeric": skeleton += "M"
      case "2-digit": skeleton += "MM"
      case "short": skeleton += "MMM"
      case "long": skeleton += "MMMM"
      case "narrow": skeleton += "MMMMM"
      default: break
      }
      switch weekday {
      case "narrow": skeleton += "EEEEE"
      case "short": skeleton += "E"
      case "long": skeleton += "EEEE"
      default: break
      }
      switch day {
      case "numeric": skeleton += "d"
      case "2-digit": skeleton += "dd"
      default: break
      }
      switch dayPeriod {
      case "narrow": skeleton += "BBBBB"
      case "short": skeleton += "B"
      case "long": skeleton += "BBBB"
      default: break
      }
      if dayPeriod != nil && hour != nil && hourSkeleton == "j" {
        // Flexible day periods replace AM/PM only on a 12-hour clock (ECMA-402); the skeleton
        // must ask for that clock explicitly or the pattern generator falls back to `a`.
        hourSkeleton = LocaleResolver.prefersTwelveHour(locale) ? "h" : "H"
      }
      if dayPeriod != nil && hour != nil && (hourSkeleton == "H" || hourSkeleton == "k") {
        skeleton.removeAll { $0 == "B" }
      }
      switch hour {
      case "numeric": skeleton.append(hourSkeleton)
      case "2-digit": skeleton += String(repeating: hourSkeleton, count: 2)
      default: break
      }
      switch minute {
      case "numeric": skeleton += "m"
      case "2-digit": skeleton += "mm"
      default: break
      }
      switch second {
      case "numeric": skeleton += "s"
      case "2-digit": skeleton += "ss"
      default: break
      }
      if let fraction { skeleton += String(repeating: "S", count: fraction) }
      switch zoneName {
      case "short": skeleton += "z"
      case "long": skeleton += "zzzz"
      case "shortOffset": skeleton += "O"
      case "longOffset": skeleton += "OOOO"
      case "shortGeneric": skeleton += "v"
      case "longGeneric": skeleton += "vvvv"
      default: break
      }
      if hour == nil { forcedHour = nil }
      hourWidth = hour.map { $0 == "2-digit" ? 2 : 1 }
    } else if timeStyle == nil {
      forcedHour = nil
      hourSkeleton = "j"
    }
    return DateOptions(
      locale: locale, localeIdentifier: identifier, timeZone: timeZone, dateStyle: dateStyle,
      timeStyle: timeStyle, skeleton: skeleton, forcedHour: forcedHour, hourSkeleton: hourSkeleton,
      hourWidth: hourWidth,
      notes: reader.notes)
  }

  static func style(_ name: String) -> DateFormatter.Style {
    switch name {
    case "full": return .full
    case "long": return .long
    case "medium": return .medium
    default: return .short
    }
  }

  /// Whether the style shape needs its hour field changed (hour12 / hourCycle given).
  var overridesStyleHour: Bool { timeStyle != nil && hourSkeleton != "j" }

  /// The localized pattern for this option bag.
  func pattern() -> String {
    if !skeleton.isEmpty {
      // Like V8, ask the pattern generator to match the requested hour field length
      // (UDATPG_MATCH_HOUR_FIELD_LENGTH): en-GB {hour: numeric, minute} → "H:mm", while patterns
      // the generator composes keep the locale's width ("HH:mm z").
      var best =
        (hourWidth == nil
          ? nil
          : ICUBridge.bestPatternMatchingHourLength(
            skeleton: skeleton, locale: Locale.identifier(.icu, from: locale.identifier)))
        ?? DateFormatter.dateFormat(fromTemplate: skeleton, options: 0, locale: locale) ?? skeleton
      if let forcedHour { best = Self.replacingHour(in: best, with: forcedHour) }
      return best
    }
    let formatter = DateFormatter()
    formatter.locale = locale
    formatter.timeZone = timeZone
    formatter.dateStyle = dateStyle ?? .none
    formatter.timeStyle = timeStyle ?? .none
    let full = formatter.dateFormat ?? ""
    guard overridesStyleHour else { return full }
    formatter.dateStyle = .none
    let timeOnly = formatter.dateFormat ?? ""
    var newTime =
      DateFormatter.dateFormat(
        fromTemplate: Self.skeleton(fromPattern: timeOnly, hour: hourSkeleton), options: 0,
        locale: locale) ?? timeOnly
    if let forcedHour { newTime = Self.replacingHour(in: newTime, with: forcedHour) }
    guard !timeOnly.isEmpty, full.contains(timeOnly) else { return newTime }
    return full.replacingOccurrences(of: timeOnly, with: newTime)
  }

  /// The skeleton of a pattern's fields (quoted text and day periods dropped, hour replaced).
  static func skeleton(fromPattern pattern: String, hour: Character) -> String {
    var result = ""
    var quoted = false
    for character in pattern {
      if character == "'" {
        quoted.toggle()
        continue
      }
      guard !quoted, character.isASCII, character.isLetter else { continue }
      switch character {
      case "a", "b", "B": continue
      case "h", "H", "k", "K", "j", "J", "C": result.append(hour)
      default: result.append(character)
      }
    }
    return result
  }

  /// Replaces every hour field letter outside quotes with `hour`.
  static func replacingHour(in pattern: String, with hour: Character) -> String {
    var result = ""
    var quoted = false
    for character in pattern {
      if character == "'" { quoted.toggle() }
      if !quoted, character == "h" || character == "H" || character == "k" || character == "K" {
        result.append(hour)
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// The interval skeleton (`DateIntervalFormatter.dateTemplate`) for the style shape with an
  /// hour override, or the field skeleton.
  func intervalSkeleton() -> String? {
    if !skeleton.isEmpty { return skeleton }
    guard overridesStyleHour else { return nil }
    let formatter = DateFormatter()
    formatter.locale = locale
    formatter.dateStyle = dateStyle ?? .none
    formatter.timeStyle = timeStyle ?? .none
    return Self.skeleton(fromPattern: formatter.dateFormat ?? "", hour: forcedHour ?? hourSkeleton)
  }
}
