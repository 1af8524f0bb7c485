/// What a module's `format` or `transform` hook receives.
public struct MessagevisorModulePayload: Sendable {
  /// The current string (the resolved translation, or the previous hook's output).
  public var translation: String
  /// The call's values.
  public var values: MessagevisorValues
  /// The effective locale.
  public var locale: String
  /// `translation` for `translate`, `formatMessage` for `formatMessage`.
  public var source: MessagevisorTranslationSource
  /// The message key (`nil` for `formatMessage`).
  public var messageKey: String?
  /// The message's `meta` from the datafile.
  public var meta: [String: MessagevisorValue]?
  /// The evaluation formats (defaults → datafile → call, property-level merge) with currency and
  /// time zone already folded into the presets (spec §3.5).
  public var formats: FormatPresets
  /// Per-call module options (by module name, by convention).
  public var moduleOptions: [String: MessagevisorValue]
  /// Call currency ?? instance currency.
  public var currency: String?
  /// Call time zone ?? instance time zone ?? host default captured at root creation.
  public var timeZone: String

  /// The root's shared formatter caches (what the ICU module formats with).
  @_spi(MessagevisorModules) public var formatters: NativeFormatters {
    get { sharedFormatters ?? NativeFormatters() }
    set { sharedFormatters = newValue }
  }

  var sharedFormatters: NativeFormatters?

  /// Creates a payload (mostly for tests of modules).
  public init(
    translation: String, values: MessagevisorValues = [:], locale: String,
    source: MessagevisorTranslationSource = .translation, messageKey: String? = nil,
    meta: [String: MessagevisorValue]? = nil, formats: FormatPresets = FormatPresets(),
    moduleOptions: [String: MessagevisorValue] = [:], currency: String? = nil,
    timeZone: String = "UTC"
  ) {
    self.translation = translation
    self.values = values
    self.locale = locale
    self.source = source
    self.messageKey = messageKey
    self.meta = meta
    self.formats = formats
    self.moduleOptions = moduleOptions
    self.currency = currency
    self.timeZone = timeZone
  }
}

/// The payload of a `format` hook.
public typealias MessagevisorFormatPayload = MessagevisorModulePayload
/// The payload of a `transform` hook.
public typealias MessagevisorTransformPayload = MessagevisorModulePayload
