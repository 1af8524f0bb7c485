/// What the evaluation formats depend on when no per-call formats are given.
struct FormatsCacheKey: Equatable {
  var locale: String
  var generation: Int
  var callCurrency: String?
  var callTimeZone: String?
  var currency: String?
  var timeZone: String?
}

extension MessagevisorInstance {
  /// ``evaluationFormatsLocked(locale:callFormats:callCurrency:callTimeZone:)`` through a
  /// one-entry per-instance cache (used by the module pipeline on every evaluation).
  final func cachedEvaluationFormatsLocked(
    locale: String, callFormats: FormatPresets?, callCurrency: String?, callTimeZone: String?
  ) -> FormatPresets {
    guard callFormats == nil else {
      return evaluationFormatsLocked(
        locale: locale, callFormats: callFormats, callCurrency: callCurrency,
        callTimeZone: callTimeZone)
    }
    let key = FormatsCacheKey(
      locale: locale, generation: core.generation, callCurrency: callCurrency,
      callTimeZone: callTimeZone, currency: currency, timeZone: timeZone)
    if let cached = cachedFormats, cached.key == key { return cached.formats }
    let formats = evaluationFormatsLocked(
      locale: locale, callFormats: nil, callCurrency: callCurrency, callTimeZone: callTimeZone)
    cachedFormats = (key, formats)
    return formats
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
