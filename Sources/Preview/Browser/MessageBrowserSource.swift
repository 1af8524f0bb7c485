import Messagevisor

/// What the message browser resolves from: the datafiles the engine holds (composed from every
/// layer), the active and compare locales, the context and resolvers the engine evaluates
/// overrides with, where base texts came from, and the project's notes on each message.
public struct MessageBrowserSource: Sendable {
  /// The active locale.
  public var locale: String
  /// The second locale shown side by side, if compare mode is on.
  public var compareLocale: String?
  /// The composed datafiles by locale (what the engine was given).
  public var datafiles: [String: DatafileContent]
  /// The instance context.
  public var context: MessagevisorContext
  /// The engine's flag resolver (feature conditions).
  public var resolveFlag: MessagevisorFlagResolver?
  /// The engine's variation resolver (experiment conditions).
  public var resolveVariation: MessagevisorVariationResolver?
  /// The layer a base translation of `key` in `locale` came from (`nil`: unknown layer).
  public var origin: @Sendable (_ key: String, _ locale: String) -> TextOrigin?
  /// The project's notes (file, examples) by message key.
  public var notes: [String: MessageNotes]

  /// Creates a source.
  public init(
    locale: String, compareLocale: String? = nil, datafiles: [String: DatafileContent],
    context: MessagevisorContext = [:], resolveFlag: MessagevisorFlagResolver? = nil,
    resolveVariation: MessagevisorVariationResolver? = nil,
    origin: @escaping @Sendable (_ key: String, _ locale: String) -> TextOrigin? = { _, _ in nil },
    notes: [String: MessageNotes] = [:]
  ) {
    self.locale = locale
    self.compareLocale = compareLocale
    self.datafiles = datafiles
    self.context = context
    self.resolveFlag = resolveFlag
    self.resolveVariation = resolveVariation
    self.origin = origin
    self.notes = notes
  }

  /// The evaluation data for a locale's datafile (its segments, this context and resolvers).
  public func provider(for locale: String) -> MessagevisorEvaluationDataProvider {
    MessagevisorEvaluationDataProvider(
      context: context, segments: datafiles[locale]?.segments ?? [:], resolveFlag: resolveFlag,
      resolveVariation: resolveVariation)
  }
}
