import Foundation

/// The cache key of a date, time or range formatter.
struct DatePlanKey: Hashable, Sendable {
  var locale: String
  var options: FormatOptions
  var defaults: DateOptions.Defaults
}

/// A date pattern configured for a locale and time zone, plus the notes of its options.
///
/// Formats through ICU's `UDateFormat` directly (``ICUBridge/PatternDateFormat``) when ICU's
/// functions are found and accept the inputs, else through a `DateFormatter` (guarded by a lock)
/// configured the same way; both give the same text (DirectDateFormatTests compares them across
/// locales, calendars, time zones and patterns).
final class DatePlan: @unchecked Sendable {
  private let direct: ICUBridge.PatternDateFormat?
  private let options: DateOptions
  /// Made on first use when there is no direct format, or when it failed (guarded by `lock`).
  private var formatter: DateFormatter?
  private let lock = NSLock()
  let notes: [UnsupportedFormatterNote]
  let pattern: String

  /// - Parameter direct: `false` formats through `DateFormatter` only (for tests).
  init(_ options: DateOptions, direct useDirect: Bool = true) {
    let pattern = options.pattern()
    self.options = options
    self.pattern = pattern
    self.notes = options.notes
    // ICU falls back to GMT for a zone identifier it does not know; Foundation's zones on Linux
    // are ICU's, so one that Foundation opens by its identifier is one ICU knows.
    let zoneKnown = TimeZone(identifier: options.timeZone.identifier) != nil
    direct =
      useDirect && zoneKnown
      ? ICUBridge.PatternDateFormat(
        pattern: pattern, locale: Locale.identifier(.icu, from: options.locale.identifier),
        timeZone: options.timeZone.identifier)
      : nil
  }

  /// Whether this plan formats through ICU directly (for tests).
  var formatsDirectly: Bool { direct != nil }

  func format(_ date: Date) -> String {
    if let direct, let text = direct.format(date) { return text }
    lock.lock()
    defer { lock.unlock() }
    if let formatter { return formatter.string(from: date) }
    let formatter = DateFormatter()
    formatter.locale = options.locale
    formatter.timeZone = options.timeZone
    formatter.calendar = options.locale.calendar
    formatter.calendar.timeZone = options.timeZone
    formatter.dateFormat = pattern
    self.formatter = formatter
    return formatter.string(from: date)
  }

  /// ECMA-402 time values: finite and within ±8.64e15 ms of the epoch.
  static func validate(_ date: Date, formatter: String) throws(FormatFailure) {
    let seconds = date.timeIntervalSince1970
    guard seconds.isFinite, seconds.magnitude <= 8.64e12 else {
      throw .invalidValue("\(formatter): the date is not finite or out of range (\(seconds) s)")
    }
  }
}

/// A configured `DateIntervalFormatter` (guarded by a lock).
final class IntervalPlan: @unchecked Sendable {
  private let formatter: DateIntervalFormatter
  private let lock = NSLock()
  let notes: [UnsupportedFormatterNote]

  init(_ options: DateOptions) {
    let formatter = DateIntervalFormatter()
    formatter.locale = options.locale
    var calendar = options.locale.calendar
    calendar.timeZone = options.timeZone
    formatter.calendar = calendar
    formatter.timeZone = options.timeZone
    if let skeleton = options.intervalSkeleton() {
      formatter.dateTemplate = skeleton
    } else {
      formatter.dateStyle = Self.intervalStyle(options.dateStyle)
      formatter.timeStyle = Self.intervalStyle(options.timeStyle)
    }
    var notes = options.notes
    if options.forcedHour == "K" || options.forcedHour == "k" {
      notes.append(
        UnsupportedFormatterNote(
          formatter: "dateTimeRange", option: "hourCycle",
          message:
            "Foundation's interval formatter cannot force hourCycle h11/h24; the locale's nearest hour cycle is used"
        ))
    }
    self.notes = notes
    self.formatter = formatter
  }

  static func intervalStyle(_ style: DateFormatter.Style?) -> DateIntervalFormatter.Style {
    switch style {
    case .short: return .short
    case .medium: return .medium
    case .long: return .long
    case .full: return .full
    default: return .none
    }
  }

  func format(_ start: Date, _ end: Date) -> String {
    lock.lock()
    defer { lock.unlock() }
    return formatter.string(from: start, to: end)
  }
}
