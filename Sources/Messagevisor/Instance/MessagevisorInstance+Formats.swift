extension MessagevisorInstance {
  /// The payload environment of a pipeline run: locale, evaluation formats
  /// (``evaluationFormatsLocked(locale:callFormats:callCurrency:callTimeZone:)``), module options,
  /// currency, time zone and the shared formatters. Reused through a one-entry per-instance cache
  /// keyed by locale, datafile generation, call and instance currency and time zone, so
  /// `setDatafile`, `setCurrency` and `setTimeZone` invalidate it; per-call formats bypass it and
  /// per-call module options derive a new environment from it (caller holds the lock).
  final func payloadEnvironmentLocked(
    locale: String, callFormats: FormatPresets?, callCurrency: String?, callTimeZone: String?,
    moduleOptions: [String: MessagevisorValue]?
  ) -> PayloadEnvironment {
    guard callFormats == nil else {
      return newPayloadEnvironmentLocked(
        locale: locale, callFormats: callFormats, callCurrency: callCurrency,
        callTimeZone: callTimeZone, moduleOptions: moduleOptions ?? [:])
    }
    let environment: PayloadEnvironment
    if let cached = cachedFormats,
      cached.matches(
        locale: locale, generation: core.generation, callCurrency: callCurrency,
        callTimeZone: callTimeZone, currency: currency, timeZone: timeZone)
    {
      environment = cached.environment
    } else {
      environment = cachePayloadEnvironmentLocked(
        locale: locale, callCurrency: callCurrency, callTimeZone: callTimeZone)
    }
    guard let moduleOptions, !moduleOptions.isEmpty else { return environment }
    return environment.with { $0.moduleOptions = moduleOptions }
  }

  /// Resolves the environment for the cache's inputs and keeps it (caller holds the lock). Out of
  /// line: inlined, this miss path made the hit path's stack frame many times larger.
  @inline(never)
  private func cachePayloadEnvironmentLocked(
    locale: String, callCurrency: String?, callTimeZone: String?
  ) -> PayloadEnvironment {
    let environment = newPayloadEnvironmentLocked(
      locale: locale, callFormats: nil, callCurrency: callCurrency, callTimeZone: callTimeZone,
      moduleOptions: [:])
    cachedFormats = ResolvedFormats(
      locale: locale, generation: core.generation, callCurrency: callCurrency,
      callTimeZone: callTimeZone, currency: currency, timeZone: timeZone,
      environment: environment)
    return environment
  }

  /// A payload environment resolved from scratch: call ?? instance currency, call ?? instance ??
  /// host time zone, and the evaluation formats (caller holds the lock).
  @inline(never)
  private func newPayloadEnvironmentLocked(
    locale: String, callFormats: FormatPresets?, callCurrency: String?, callTimeZone: String?,
    moduleOptions: [String: MessagevisorValue]
  ) -> PayloadEnvironment {
    PayloadEnvironment(
      locale: locale,
      formatsBox: FormatsBox(
        evaluationFormatsLocked(
          locale: locale, callFormats: callFormats, callCurrency: callCurrency,
          callTimeZone: callTimeZone)),
      moduleOptions: moduleOptions, currency: callCurrency ?? currency,
      timeZone: callTimeZone ?? timeZone ?? core.hostTimeZone, formatters: core.formatters,
      modules: core.modules)
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
