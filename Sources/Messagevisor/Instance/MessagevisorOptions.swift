/// Construction options for ``createMessagevisor(_:)``.
public struct MessagevisorOptions: Sendable {
  /// The initial datafile; its locale becomes active (over ``locale``).
  public var datafile: DatafileContent?
  /// The initial datafile as JSON text (used when ``datafile`` is `nil`).
  public var datafileJSON: String?
  /// The active locale when no datafile is given.
  public var locale: String?
  /// The instance currency.
  public var currency: String?
  /// The instance time zone (IANA identifier).
  public var timeZone: String?
  /// The initial context.
  public var context: MessagevisorContext
  /// The instance flag resolver.
  public var resolveFlag: MessagevisorFlagResolver?
  /// The instance variation resolver.
  public var resolveVariation: MessagevisorVariationResolver?
  /// Fallback translations by locale, then key.
  public var defaultTranslations: [String: [String: String]]
  /// Default format presets by locale.
  public var defaultFormats: [String: FormatPresets]
  /// Receives diagnostics at or above ``logLevel``; without it they go to standard error.
  public var onDiagnostic: MessagevisorDiagnosticHandler?
  /// The diagnostic threshold (default `info`).
  public var logLevel: MessagevisorLogLevel
  /// Modules, set up in order after the initial datafile.
  public var modules: [MessagevisorModule]

  /// Creates options.
  public init(
    datafile: DatafileContent? = nil,
    datafileJSON: String? = nil,
    locale: String? = nil,
    currency: String? = nil,
    timeZone: String? = nil,
    context: MessagevisorContext = [:],
    resolveFlag: MessagevisorFlagResolver? = nil,
    resolveVariation: MessagevisorVariationResolver? = nil,
    defaultTranslations: [String: [String: String]] = [:],
    defaultFormats: [String: FormatPresets] = [:],
    onDiagnostic: MessagevisorDiagnosticHandler? = nil,
    logLevel: MessagevisorLogLevel = .info,
    modules: [MessagevisorModule] = []
  ) {
    self.datafile = datafile
    self.datafileJSON = datafileJSON
    self.locale = locale
    self.currency = currency
    self.timeZone = timeZone
    self.context = context
    self.resolveFlag = resolveFlag
    self.resolveVariation = resolveVariation
    self.defaultTranslations = defaultTranslations
    self.defaultFormats = defaultFormats
    self.onDiagnostic = onDiagnostic
    self.logLevel = logLevel
    self.modules = modules
  }
}
