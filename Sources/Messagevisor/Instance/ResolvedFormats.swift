/// The payload environment (evaluation formats, currency, time zone) resolved for one combination
/// of everything it depends on when a call passes no formats of its own (the module pipeline's
/// per-instance cache entry).
final class ResolvedFormats: @unchecked Sendable {
  let locale: String
  /// ``SharedCore/generation`` when resolved (changes with every stored datafile).
  let generation: Int
  let callCurrency: String?
  let callTimeZone: String?
  /// The instance currency and time zone when resolved.
  let currency: String?
  let timeZone: String?
  /// The resolved environment (without per-call module options).
  let environment: PayloadEnvironment

  init(
    locale: String, generation: Int, callCurrency: String?, callTimeZone: String?,
    currency: String?, timeZone: String?, environment: PayloadEnvironment
  ) {
    self.locale = locale
    self.generation = generation
    self.callCurrency = callCurrency
    self.callTimeZone = callTimeZone
    self.currency = currency
    self.timeZone = timeZone
    self.environment = environment
  }

  /// Whether this entry was resolved for exactly these inputs (compared in place, no copies).
  @inline(__always)
  func matches(
    locale: String, generation: Int, callCurrency: String?, callTimeZone: String?,
    currency: String?, timeZone: String?
  ) -> Bool {
    self.generation == generation && self.locale == locale && self.callCurrency == callCurrency
      && self.callTimeZone == callTimeZone && self.currency == currency
      && self.timeZone == timeZone
  }
}

/// Immutable resolved presets shared by reference between the cache and every payload built from
/// it.
final class FormatsBox: @unchecked Sendable {
  let formats: FormatPresets

  init(_ formats: FormatPresets) {
    self.formats = formats
  }
}
