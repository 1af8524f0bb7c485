extension MessagevisorInstance {
  /// ``evaluationFormatsLocked(locale:callFormats:callCurrency:callTimeZone:)`` through a
  /// one-entry per-instance cache (used by the module pipeline on every evaluation). The entry is
  /// keyed by locale, datafile generation, call and instance currency and time zone, so
  /// `setDatafile`, `setCurrency` and `setTimeZone` invalidate it; per-call formats bypass it.
  final func cachedEvaluationFormatsLocked(
    locale: String, callFormats: FormatPresets?, callCurrency: String?, callTimeZone: String?
  ) -> FormatsBox {
    guard callFormats == nil else {
      return FormatsBox(
        evaluationFormatsLocked(
          locale: locale, callFormats: callFormats, callCurrency: callCurrency,
          callTimeZone: callTimeZone))
    }
    let generation = core.generation
    if let cached = cachedFormats,
      cached.matches(
        locale: locale, generation: generation, callCurrency: callCurrency,
        callTimeZone: callTimeZone, currency: currency, timeZone: timeZone)
    {
      return cached.box
    }
    let box = FormatsBox(
      evaluationFormatsLocked(
        locale: locale, callFormats: nil, callCurrency: callCurrency, callTimeZone: callTimeZone))
    cachedFormats = ResolvedFormats(
      locale: locale, generation: generation, callCurrency: callCurrency,
      callTimeZone: callTimeZone, currency: currency, timeZone: timeZone, box: box)
    return box
  }

  /// The evaluation formats for `locale` (spec §3.5): default formats, then the datafile's, then
  /// the call's, merged property by property; number presets with `style: currency` get
  /// call ?? preset ?? instance ?? `USD` currency, and date/time/range presets get
  /// call ?? preset ?? instance ?? host time zone (caller holds the lock).
  final func evaluationFormatsLocked(
    locale: String, callFormats: FormatPresets?, callCurrency: String?, callTimeZone: String?
  ) -> FormatPresets {
    var formats = (core.defaultFormats[locale] ?? FormatPresets())
      .mergingProperties(core.stores[locale]?.content.formats)
      .mergingProperties(callFormats)
    if var numbers = formats.number {
      for (name, var options) in numbers where options["style"] == .string("currency") {
        let currency =
          callCurrency ?? options["currency"]?.stringValue ?? self.currency ?? "USD"
        options["currency"] = .string(currency)
        numbers[name] = options
      }
      formats.number = numbers
    }
    let zone = core.hostTimeZone
    for path in [\FormatPresets.date, \FormatPresets.time, \FormatPresets.dateTimeRange] {
      guard var family = formats[keyPath: path] else { continue }
      for (name, var options) in family {
        let resolved = callTimeZone ?? options["timeZone"]?.stringValue ?? self.timeZone ?? zone
        options["timeZone"] = .string(resolved)
        family[name] = options
      }
      formats[keyPath: path] = family
    }
    return formats
  }
}
