/// What a module's `format` or `transform` hook receives.
///
/// A value type with copy-on-write storage: handing the payload to a hook costs one retain, and a
/// hook that changes a property gets its own copy without affecting the engine's.
public struct MessagevisorModulePayload: Sendable {
  /// The payload's fields, shared between copies until one of them is mutated.
  final class Storage: @unchecked Sendable {
    var translation: String
    var values: MessagevisorValues
    var locale: String
    var source: MessagevisorTranslationSource
    var messageKey: String?
    var meta: [String: MessagevisorValue]?
    /// Boxed so that creating and destroying a payload costs one retain/release for the presets.
    var formatsBox: FormatsBox
    var moduleOptions: [String: MessagevisorValue]
    var currency: String?
    var timeZone: String
    var sharedFormatters: NativeFormatters?

    init(
      translation: String, values: MessagevisorValues, locale: String,
      source: MessagevisorTranslationSource, messageKey: String?,
      meta: [String: MessagevisorValue]?, formatsBox: FormatsBox,
      moduleOptions: [String: MessagevisorValue], currency: String?, timeZone: String,
      sharedFormatters: NativeFormatters?
    ) {
      self.translation = translation
      self.values = values
      self.locale = locale
      self.source = source
      self.messageKey = messageKey
      self.meta = meta
      self.formatsBox = formatsBox
      self.moduleOptions = moduleOptions
      self.currency = currency
      self.timeZone = timeZone
      self.sharedFormatters = sharedFormatters
    }

    func copy() -> Storage {
      Storage(
        translation: translation, values: values, locale: locale, source: source,
        messageKey: messageKey, meta: meta, formatsBox: formatsBox, moduleOptions: moduleOptions,
        currency: currency, timeZone: timeZone, sharedFormatters: sharedFormatters)
    }
  }

  var storage: Storage

  /// The storage, copied first when another payload value shares it.
  private var uniqueStorage: Storage {
    mutating get {
      if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
      return storage
    }
  }

  /// The current string (the resolved translation, or the previous hook's output).
  public var translation: String {
    get { storage.translation }
    set { uniqueStorage.translation = newValue }
  }
  /// The call's values.
  public var values: MessagevisorValues {
    get { storage.values }
    set { uniqueStorage.values = newValue }
  }
  /// The effective locale.
  public var locale: String {
    get { storage.locale }
    set { uniqueStorage.locale = newValue }
  }
  /// `translation` for `translate`, `formatMessage` for `formatMessage`.
  public var source: MessagevisorTranslationSource {
    get { storage.source }
    set { uniqueStorage.source = newValue }
  }
  /// The message key (`nil` for `formatMessage`).
  public var messageKey: String? {
    get { storage.messageKey }
    set { uniqueStorage.messageKey = newValue }
  }
  /// The message's `meta` from the datafile.
  public var meta: [String: MessagevisorValue]? {
    get { storage.meta }
    set { uniqueStorage.meta = newValue }
  }
  /// The evaluation formats (defaults → datafile → call, property-level merge) with currency and
  /// time zone already folded into the presets (spec §3.5).
  public var formats: FormatPresets {
    get { storage.formatsBox.formats }
    set { uniqueStorage.formatsBox = FormatsBox(newValue) }
  }
  /// Per-call module options (by module name, by convention).
  public var moduleOptions: [String: MessagevisorValue] {
    get { storage.moduleOptions }
    set { uniqueStorage.moduleOptions = newValue }
  }
  /// Call currency ?? instance currency.
  public var currency: String? {
    get { storage.currency }
    set { uniqueStorage.currency = newValue }
  }
  /// Call time zone ?? instance time zone ?? host default captured at root creation.
  public var timeZone: String {
    get { storage.timeZone }
    set { uniqueStorage.timeZone = newValue }
  }

  /// The root's shared formatter caches (what the ICU module formats with).
  @_spi(MessagevisorModules) public var formatters: NativeFormatters {
    get { storage.sharedFormatters ?? NativeFormatters() }
    set { uniqueStorage.sharedFormatters = newValue }
  }

  /// Creates a payload (mostly for tests of modules).
  public init(
    translation: String, values: MessagevisorValues = [:], locale: String,
    source: MessagevisorTranslationSource = .translation, messageKey: String? = nil,
    meta: [String: MessagevisorValue]? = nil, formats: FormatPresets = FormatPresets(),
    moduleOptions: [String: MessagevisorValue] = [:], currency: String? = nil,
    timeZone: String = "UTC"
  ) {
    storage = Storage(
      translation: translation, values: values, locale: locale, source: source,
      messageKey: messageKey, meta: meta, formatsBox: FormatsBox(formats),
      moduleOptions: moduleOptions, currency: currency, timeZone: timeZone, sharedFormatters: nil)
  }

  /// Creates a payload sharing the root's formatter caches (the engine's pipeline).
  init(
    translation: String, values: MessagevisorValues, locale: String,
    source: MessagevisorTranslationSource, messageKey: String?,
    meta: [String: MessagevisorValue]?, formatsBox: FormatsBox,
    moduleOptions: [String: MessagevisorValue], currency: String?, timeZone: String,
    formatters: NativeFormatters
  ) {
    storage = Storage(
      translation: translation, values: values, locale: locale, source: source,
      messageKey: messageKey, meta: meta, formatsBox: formatsBox, moduleOptions: moduleOptions,
      currency: currency, timeZone: timeZone, sharedFormatters: formatters)
  }
}

/// The payload of a `format` hook.
public typealias MessagevisorFormatPayload = MessagevisorModulePayload
/// The payload of a `transform` hook.
public typealias MessagevisorTransformPayload = MessagevisorModulePayload
