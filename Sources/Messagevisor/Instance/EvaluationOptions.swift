/// Per-call options for `formatMessage` and the formatter helpers; they never change instance state.
public struct EvaluationOptions: Sendable {
  /// Evaluate in this locale instead of the active one.
  public var locale: String?
  /// Format presets merged over defaults and datafile presets for this call.
  public var formats: FormatPresets?
  /// Options for modules.
  public var moduleOptions: [String: MessagevisorValue]?
  /// Currency for this call.
  public var currency: String?
  /// Time zone for this call.
  public var timeZone: String?

  /// Creates options. Inlinable, so a defaulted `options:` argument costs nothing on the hot
  /// path.
  @inlinable
  public init(
    locale: String? = nil,
    formats: FormatPresets? = nil,
    moduleOptions: [String: MessagevisorValue]? = nil,
    currency: String? = nil,
    timeZone: String? = nil
  ) {
    self.locale = locale
    self.formats = formats
    self.moduleOptions = moduleOptions
    self.currency = currency
    self.timeZone = timeZone
  }
}
