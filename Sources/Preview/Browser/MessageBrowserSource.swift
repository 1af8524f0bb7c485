import Messagevisor
import MessagevisorProject

/// What the message browser resolves from: the engine, whose traces say what each message
/// resolves to and why; the datafiles it holds (composed from every layer), the active and
/// compare locales, the context and resolvers it evaluates overrides with, where base texts came
/// from, and the project's notes on each message.
public struct MessageBrowserSource: Sendable {
  /// The active locale.
  public var locale: String
  /// The second locale shown side by side, if compare mode is on.
  public var compareLocale: String?
  /// The composed datafiles by locale (what the engine was given).
  public var datafiles: [String: DatafileContent] { didSet { rebuildOwnEngine() } }
  /// The instance context.
  public var context: MessagevisorContext { didSet { rebuildOwnEngine() } }
  /// The engine's flag resolver (feature conditions).
  public var resolveFlag: MessagevisorFlagResolver?
  /// The engine's variation resolver (experiment conditions).
  public var resolveVariation: MessagevisorVariationResolver?
  /// The layer a base translation of `key` in `locale` came from (`nil`: unknown layer).
  public var origin: @Sendable (_ key: String, _ locale: String) -> TextOrigin?
  /// The project's notes (file, examples) by message key.
  public var notes: [String: MessageNotes]
  /// The project's lint findings by message key (every locale; the index keeps the active
  /// locale's and those about no locale).
  public var lint: [String: [LintFinding]]
  /// Whether lint is still running: ``lint`` is not final yet (the browser says so instead of
  /// showing no findings as if there were none).
  public var lintPending = false
  /// The engine that resolves: the previewer's own, or (when none is given) one holding
  /// ``datafiles`` with ``context`` and the resolvers, in ``locale``, made again when they change.
  public private(set) var engine: MessagevisorInstance
  /// Whether ``engine`` was made here from ``datafiles`` (not given).
  private let ownsEngine: Bool

  /// Creates a source.
  public init(
    locale: String, compareLocale: String? = nil, datafiles: [String: DatafileContent],
    context: MessagevisorContext = [:], resolveFlag: MessagevisorFlagResolver? = nil,
    resolveVariation: MessagevisorVariationResolver? = nil,
    origin: @escaping @Sendable (_ key: String, _ locale: String) -> TextOrigin? = { _, _ in nil },
    notes: [String: MessageNotes] = [:], engine: MessagevisorInstance? = nil,
    lint: [String: [LintFinding]] = [:]
  ) {
    self.locale = locale
    self.compareLocale = compareLocale
    self.datafiles = datafiles
    self.context = context
    self.resolveFlag = resolveFlag
    self.resolveVariation = resolveVariation
    self.origin = origin
    self.notes = notes
    self.lint = lint
    ownsEngine = engine == nil
    self.engine =
      engine
      ?? Self.engine(
        datafiles: datafiles, locale: locale, context: context, resolveFlag: resolveFlag,
        resolveVariation: resolveVariation)
  }

  private mutating func rebuildOwnEngine() {
    guard ownsEngine else { return }
    engine = Self.engine(
      datafiles: datafiles, locale: locale, context: context, resolveFlag: resolveFlag,
      resolveVariation: resolveVariation)
  }

  /// An engine holding `datafiles` (diagnostics dropped: the browser shows traces, which report
  /// none).
  static func engine(
    datafiles: [String: DatafileContent], locale: String, context: MessagevisorContext,
    resolveFlag: MessagevisorFlagResolver?, resolveVariation: MessagevisorVariationResolver?
  ) -> MessagevisorInstance {
    let engine = createMessagevisor(
      MessagevisorOptions(
        context: context, resolveFlag: resolveFlag, resolveVariation: resolveVariation,
        onDiagnostic: { _ in }, logLevel: .fatal))
    for locale in datafiles.keys.sorted() {
      if let datafile = datafiles[locale] { engine.setDatafile(datafile) }
    }
    try? engine.setLocale(locale)
    return engine
  }

  /// What the engine's `translate` resolves `key` to in `locale` and why (`nil` when the engine
  /// has no locale at all).
  public func trace(_ key: String, locale: String) -> TranslationTrace? {
    try? engine.traceTranslation(key, options: TranslateOptions(locale: locale))
  }
}
