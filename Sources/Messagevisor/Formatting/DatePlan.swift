import Foundation

/// The cache key of a date, time or range formatter.
struct DatePlanKey: Hashable, Sendable {
  var locale: String
  var options: FormatOptions
  var defaults: DateOptions.Defaults
}

/// A configured `DateFormatter` (guarded by a lock) plus the notes of its options.
final class DatePlan: @unchecked Sendable {
  private let formatter: DateFormatter
  private let lock = NSLock()
  let notes: [UnsupportedFormatterNote]
  let pattern: String

  init(_ options: DateOptions) {
    let formatter = DateFormatter()
    formatter.locale = options.locale
    formatter.timeZone = options.timeZone
    formatter.calendar = options.locale.calendar
    formatter.calendar.timeZone = options.timeZone
    let pattern = options.pattern()
    formatter.dateFormat = pattern
    self.formatter = formatter
    self.pattern = pattern
    self.notes = options.notes
  }

  func format(_ date: Date) -> String {
    lock.lock()
    defer { lock.unlock() }
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
