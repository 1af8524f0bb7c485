import Foundation

/// A number format resolved once (locale + options), for callers that format many values with
/// the same options (e.g. a compiled ICU message) and want to skip the cache look-up.
@_spi(MessagevisorModules) public struct PreparedNumberFormat: Sendable {
  let plan: NumberPlan

  /// Options Foundation cannot express (the same notes every `format` result carries).
  public var unsupported: [UnsupportedFormatterNote] { plan.notes }

  /// Whether ``unsupported`` is non-empty (without copying the notes).
  public var hasUnsupported: Bool { !plan.notes.isEmpty }

  /// Formats `value` exactly as `NativeFormatters.formatNumber` would.
  public func format(_ value: Double) -> FormatResult {
    FormatResult(text: plan.format(value), unsupported: plan.notes)
  }

  /// Formats `value`, returning only the text.
  public func text(_ value: Double) -> String { plan.format(value) }
}

/// Plural selection resolved once (locale, type and digit options).
@_spi(MessagevisorModules) public struct PreparedPluralRules: Sendable {
  let plan: PluralPlan

  /// Options that could not be applied (rounding options).
  public var unsupported: [UnsupportedFormatterNote] { plan.notes }

  /// The category of `value` exactly as `NativeFormatters.pluralCategory` would select it.
  public func category(_ value: Double) -> PluralCategory { plan.category(value) }
}

/// A date or time format resolved once (locale + options).
@_spi(MessagevisorModules) public struct PreparedDateFormat: Sendable {
  let plan: DatePlan
  let formatter: String

  /// Options Foundation cannot express.
  public var unsupported: [UnsupportedFormatterNote] { plan.notes }

  /// Formats `date` exactly as `formatDate` / `formatTime` would.
  public func format(_ date: Date) throws(FormatFailure) -> FormatResult {
    try DatePlan.validate(date, formatter: formatter)
    return FormatResult(text: plan.format(date), unsupported: plan.notes)
  }
}

extension NativeFormatters {
  /// Resolves a number format once; throws like `formatNumber` for invalid options.
  public func preparedNumberFormat(locale: String, options: FormatOptions) throws(FormatFailure)
    -> PreparedNumberFormat
  {
    PreparedNumberFormat(plan: try numberPlan(locale: locale, options: options))
  }

  /// Resolves plural rules once; throws like `pluralCategory` for invalid options.
  public func preparedPluralRules(locale: String, options: FormatOptions) throws(FormatFailure)
    -> PreparedPluralRules
  {
    PreparedPluralRules(plan: try pluralPlan(locale: locale, options: options))
  }

  /// Resolves a date format (`time: false`, defaults y/M/d) or time format (`time: true`,
  /// defaults h/m/s) once; throws like `formatDate` / `formatTime` for invalid options.
  public func preparedDateFormat(locale: String, options: FormatOptions, time: Bool)
    throws(FormatFailure) -> PreparedDateFormat
  {
    let name = time ? "time" : "date"
    let plan = try datePlan(
      locale: locale, options: options, defaults: time ? .time : .date, formatter: name)
    return PreparedDateFormat(plan: plan, formatter: name)
  }
}
