/// Per-call options for `translate`, `t` and `getRawTranslation`; they never change instance state.
public struct TranslateOptions: Sendable {
  /// Evaluate in this locale instead of the active one.
  public var locale: String?
  /// Shallow-merged over the instance context for this call.
  public var context: MessagevisorContext?
  /// Returned when nothing else resolves (before falling back to the key).
  public var defaultTranslation: String?
  /// Currency for this call.
  public var currency: String?
  /// Time zone for this call.
  public var timeZone: String?
  /// Format presets merged over defaults and datafile presets for this call.
  public var formats: FormatPresets?
  /// Options for modules.
  public var moduleOptions: [String: MessagevisorValue]?

  /// Creates options. Inlinable, so a defaulted `options:` argument costs nothing on the hot
  /// path.
  @inlinable
  public init(
    locale: String? = nil,
    context: MessagevisorContext? = nil,
    defaultTranslation: String? = nil,
    currency: String? = nil,
    timeZone: String? = nil,
    formats: FormatPresets? = nil,
    moduleOptions: [String: MessagevisorValue]? = nil
  ) {
    self.locale = locale
    self.context = context
    self.defaultTranslation = defaultTranslation
    self.currency = currency
    self.timeZone = timeZone
    self.formats = formats
    self.moduleOptions = moduleOptions
  }
}
