import Messagevisor
import MessagevisorProject

/// A text to render for the translation editor: the result with the example values, and for each
/// plural argument every CLDR category of the locale with its sample number.
public struct TranslationRenderRequest: Sendable, Equatable {
  /// One plural argument and the numbers to render it with.
  public struct Samples: Sendable, Equatable {
    /// The argument's name.
    public var argument: String
    /// Whether it is a `selectordinal`.
    public var ordinal: Bool
    /// The categories in CLDR order with their sample numbers.
    public var samples: [TranslationEditorChecks.PluralSample]

    /// Creates samples.
    public init(argument: String, ordinal: Bool, samples: [TranslationEditorChecks.PluralSample]) {
      self.argument = argument
      self.ordinal = ordinal
      self.samples = samples
    }
  }

  /// The typed text.
  public var text: String
  /// The locale to render in.
  public var locale: String
  /// The example values.
  public var values: [String: MessagevisorValue]
  /// The plural arguments to sample.
  public var samples: [Samples]
  /// The message whose translation the text is, and where in its file: with both, the text is
  /// also linted in place (the project's per-message checks with the typed text substituted).
  public var key: String?
  /// The translation the text replaces (see ``key``).
  public var path: TranslationPath?

  /// Creates a request.
  public init(
    text: String, locale: String, values: [String: MessagevisorValue], samples: [Samples] = [],
    key: String? = nil, path: TranslationPath? = nil
  ) {
    self.text = text
    self.locale = locale
    self.values = values
    self.samples = samples
    self.key = key
    self.path = path
  }
}
