/// What a module's `format` or `transform` hook receives.
///
/// A value type: a hook borrows it, and a hook that changes a property changes its own copy only.
/// The per-call fields (translation, values, source, key, meta) are stored inline; the fields that
/// depend only on the instance and the call's options (locale, presets, module options, currency,
/// time zone, formatters) live in one immutable `PayloadEnvironment` that the engine reuses from
/// call to call, so building a payload costs a handful of retains and no allocation.
public struct MessagevisorModulePayload: Sendable {
  /// The current string (the resolved translation, or the previous hook's output).
  public var translation: String
  /// The call's values.
  public var values: MessagevisorValues
  /// `translation` for `translate`, `formatMessage` for `formatMessage`.
  public var source: MessagevisorTranslationSource
  /// The message key (`nil` for `formatMessage`).
  public var messageKey: String?
  /// The message's `meta` from the datafile.
  public var meta: [String: MessagevisorValue]?
  /// Locale, presets, module options, currency, time zone and formatters (shared, immutable).
  var environment: PayloadEnvironment

  /// Moves the translation out (leaving an empty string): the pipeline's result, returned
  /// without the retain and release a copy would cost.
  mutating func takeTranslation() -> String {
    var result = ""
    swap(&result, &translation)
    return result
  }

  /// The effective locale.
  public var locale: String {
    get { environment.fields.locale }
    set { environment = environment.with { $0.locale = newValue } }
  }
  /// The evaluation formats (defaults → datafile → call, property-level merge) with currency and
  /// time zone already folded into the presets (spec §3.5).
  public var formats: FormatPresets {
    get { environment.fields.formatsBox.formats }
    set { environment = environment.with { $0.formatsBox = FormatsBox(newValue) } }
  }
  /// Per-call module options (by module name, by convention).
  public var moduleOptions: [String: MessagevisorValue] {
    get { environment.fields.moduleOptions }
    set { environment = environment.with { $0.moduleOptions = newValue } }
  }
  /// Call currency ?? instance currency.
  public var currency: String? {
    get { environment.fields.currency }
    set { environment = environment.with { $0.currency = newValue } }
  }
  /// Call time zone ?? instance time zone ?? host default captured at root creation.
  public var timeZone: String {
    get { environment.fields.timeZone }
    set { environment = environment.with { $0.timeZone = newValue } }
  }

  /// The root's shared formatter caches (what the ICU module formats with).
  @_spi(MessagevisorModules) public var formatters: NativeFormatters {
    get { environment.fields.formatters }
    set { environment = environment.with { $0.formatters = newValue } }
  }
}

extension MessagevisorModulePayload {
  /// Creates a payload (mostly for tests of modules) with its own formatter caches.
  public init(
    translation: String, values: MessagevisorValues = [:], locale: String,
    source: MessagevisorTranslationSource = .translation, messageKey: String? = nil,
    meta: [String: MessagevisorValue]? = nil, formats: FormatPresets = FormatPresets(),
    moduleOptions: [String: MessagevisorValue] = [:], currency: String? = nil,
    timeZone: String = "UTC"
  ) {
    self.init(
      translation: translation, values: values, source: source, messageKey: messageKey,
      meta: meta,
      environment: PayloadEnvironment(
        locale: locale, formatsBox: FormatsBox(formats), moduleOptions: moduleOptions,
        currency: currency, timeZone: timeZone, formatters: NativeFormatters()))
  }
}

/// The payload of a `format` hook.
public typealias MessagevisorFormatPayload = MessagevisorModulePayload
/// The payload of a `transform` hook.
public typealias MessagevisorTransformPayload = MessagevisorModulePayload
