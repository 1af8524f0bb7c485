import Foundation

extension NativeFormatters {
  /// Formats `date` (`Intl.DateTimeFormat` options; no date/time options → numeric y/M/d).
  public func formatDate(_ date: Date, locale: String, options: FormatOptions) throws(FormatFailure)
    -> FormatResult
  {
    try DatePlan.validate(date, formatter: "date")
    let plan = try datePlan(locale: locale, options: options, defaults: .date, formatter: "date")
    return FormatResult(text: plan.format(date), unsupported: plan.notes)
  }

  /// Formats `date` (`Intl.DateTimeFormat` options; no date/time options → hour, minute, second).
  public func formatTime(_ date: Date, locale: String, options: FormatOptions) throws(FormatFailure)
    -> FormatResult
  {
    try DatePlan.validate(date, formatter: "time")
    let plan = try datePlan(locale: locale, options: options, defaults: .time, formatter: "time")
    return FormatResult(text: plan.format(date), unsupported: plan.notes)
  }

  /// Formats a date-time range (`Intl.DateTimeFormat.prototype.formatRange`).
  public func formatDateTimeRange(
    _ start: Date, _ end: Date, locale: String, options: FormatOptions
  ) throws(FormatFailure) -> FormatResult {
    try DatePlan.validate(start, formatter: "dateTimeRange")
    try DatePlan.validate(end, formatter: "dateTimeRange")
    let key = DatePlanKey(locale: locale, options: options, defaults: .date)
    let plan = try intervalPlans.value(for: key) { () throws(FormatFailure) -> IntervalPlan in
      IntervalPlan(
        try DateOptions.read(
          locale: locale, options: options, defaults: .date, formatter: "dateTimeRange"))
    }
    return FormatResult(text: plan.format(start, end), unsupported: plan.notes)
  }

  /// Formats a relative time (`Intl.RelativeTimeFormat`): `unit` is year, quarter, month,
  /// weekOfYear (week), day, hour, minute or second. Non-finite values are invalid.
  public func formatRelativeTime(
    _ value: Double, unit: Calendar.Component, locale: String, options: FormatOptions
  ) throws(FormatFailure) -> FormatResult {
    guard value.isFinite else {
      throw .invalidValue("relativeTime: the value must be a finite number; got \(value)")
    }
    let plan = try relativePlans.value(for: FormatterKey(locale: locale, options: options)) {
      () throws(FormatFailure) -> RelativePlan in
      try RelativePlan.make(locale: locale, options: options)
    }
    return FormatResult(text: try plan.format(value, unit: unit), unsupported: plan.notes)
  }

  /// Formats a list (`Intl.ListFormat`: type conjunction/disjunction/unit, style long/short/narrow).
  public func formatList(_ values: [String], locale: String, options: FormatOptions)
    throws(FormatFailure) -> FormatResult
  {
    let plan = try listPlans.value(for: FormatterKey(locale: locale, options: options)) {
      () throws(FormatFailure) -> ListPlan in
      try ListPlan.make(locale: locale, options: options)
    }
    return FormatResult(text: plan.format(values), unsupported: plan.notes)
  }

  func datePlan(
    locale: String, options: FormatOptions, defaults: DateOptions.Defaults, formatter: String
  ) throws(FormatFailure) -> DatePlan {
    let key = DatePlanKey(locale: locale, options: options, defaults: defaults)
    return try datePlans.value(for: key) { () throws(FormatFailure) -> DatePlan in
      DatePlan(
        try DateOptions.read(
          locale: locale, options: options, defaults: defaults, formatter: formatter))
    }
  }
}
