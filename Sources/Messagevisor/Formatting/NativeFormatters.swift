import Foundation

/// Foundation-backed formatters shared by a root instance and its children, cached per
/// (locale, options) in bounded thread-safe caches.
///
/// Options are ECMA-402 option bags (`Intl.NumberFormat`, `Intl.DateTimeFormat`, …) that arrive
/// already resolved (presets merged, currency and time zone folded in). Options Foundation cannot
/// express are reported in `FormatResult.unsupported`; malformed options throw
/// `FormatFailure.invalidOptions`.
@_spi(MessagevisorModules) public final class NativeFormatters: @unchecked Sendable {
  /// The maximum number of cached formatters per family.
  public let capacity: Int

  let numberPlans: BoundedCache<FormatterKey, NumberPlan>
  let pluralPlans: BoundedCache<FormatterKey, PluralPlan>
  let datePlans: BoundedCache<DatePlanKey, DatePlan>
  let intervalPlans: BoundedCache<DatePlanKey, IntervalPlan>
  let relativePlans: BoundedCache<FormatterKey, RelativePlan>
  let listPlans: BoundedCache<FormatterKey, ListPlan>
  /// Recently used number plans, recognised by option-storage identity (no hashing).
  let recentNumberPlans = OptionIdentityMemo<NumberPlan>()

  /// Creates the formatter caches, each bounded to `capacity` entries.
  public init(capacity: Int = 100) {
    self.capacity = max(1, capacity)
    numberPlans = BoundedCache(capacity: self.capacity)
    pluralPlans = BoundedCache(capacity: self.capacity)
    datePlans = BoundedCache(capacity: self.capacity)
    intervalPlans = BoundedCache(capacity: self.capacity)
    relativePlans = BoundedCache(capacity: self.capacity)
    listPlans = BoundedCache(capacity: self.capacity)
  }

  /// Formats a number (`Intl.NumberFormat` options). Non-finite values give "NaN" / "∞".
  public func formatNumber(_ value: Double, locale: String, options: FormatOptions)
    throws(FormatFailure) -> FormatResult
  {
    let plan = try numberPlan(locale: locale, options: options)
    return FormatResult(text: plan.format(value), unsupported: plan.notes)
  }

  func numberPlan(locale: String, options: FormatOptions) throws(FormatFailure) -> NumberPlan {
    if let recent = recentNumberPlans.lookup(locale: locale, options: options) { return recent }
    let plan = try numberPlans.value(for: FormatterKey(locale: locale, options: options)) {
      () throws(FormatFailure) -> NumberPlan in
      try NumberPlan.make(
        locale: locale, options: options, currencyDigits: LocaleResolver.currencyDigits)
    }
    recentNumberPlans.store(plan, locale: locale, options: options)
    return plan
  }

  /// The CLDR plural category of `value` (`Intl.PluralRules`); `options["type"]` is
  /// `"cardinal"` (default) or `"ordinal"`. The value is first rendered with the digit options
  /// (default 0…3 fraction digits) to derive the operands; negative values use their magnitude,
  /// non-finite values select "other".
  public func pluralCategory(_ value: Double, locale: String, options: FormatOptions)
    throws(FormatFailure) -> FormatResult
  {
    let plan = try pluralPlan(locale: locale, options: options)
    return FormatResult(text: plan.category(value).name, unsupported: plan.notes)
  }

  func pluralPlan(locale: String, options: FormatOptions) throws(FormatFailure) -> PluralPlan {
    if options.isEmpty { return PluralPlan.plain(locale: locale, ordinal: false) }
    return try pluralPlans.value(for: FormatterKey(locale: locale, options: options)) {
      () throws(FormatFailure) -> PluralPlan in
      try PluralPlan.make(locale: locale, options: options)
    }
  }
}
