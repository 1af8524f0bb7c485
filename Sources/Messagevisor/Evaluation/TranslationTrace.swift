/// Why ``MessagevisorInstance/translate(_:values:options:)`` returns what it returns for one key,
/// locale and context: the source it chose, the locale it read, the text before modules ran, and
/// each override of the message with its conditions and segments evaluated.
///
/// Made by ``MessagevisorInstance/traceTranslation(_:options:)`` on the same resolver `translate`
/// uses, so a trace never disagrees with a translation made with the same inputs.
public struct TranslationTrace: Sendable, Equatable {
  /// Which step of the lookup (spec §3.3) supplied the text.
  public enum Source: Sendable, Equatable {
    /// The first override whose conditions and segments both matched: its key and its position
    /// in the message's overrides.
    case override(key: String, index: Int)
    /// The base translation of the locale's datafile.
    case translation
    /// The engine's default translation for the locale
    /// (``MessagevisorOptions/defaultTranslations``).
    case defaultTranslation
    /// Nothing resolved: the per-call ``TranslateOptions/defaultTranslation``.
    case callDefault
    /// Nothing resolved and no per-call default: the key itself.
    case key

    /// Whether the lookup found nothing for the key (``callDefault`` or ``key``); `translate`
    /// reports `missing_translation` or `missing_datafile` then.
    public var isMissing: Bool {
      switch self {
      case .callDefault, .key: return true
      case .override, .translation, .defaultTranslation: return false
      }
    }
  }

  /// The message key.
  public var key: String
  /// The locale whose datafile (or default translations) was read: the per-call locale, else the
  /// active one. A project build resolves `inheritTranslationsFrom` before the datafile is
  /// written, so text a locale inherits arrives in that locale's datafile.
  public var locale: String
  /// The resolved text before modules run (what ``MessagevisorInstance/getRawTranslation(_:options:)``
  /// returns).
  public var text: String
  /// The step that supplied ``text``.
  public var source: Source
  /// Whether a datafile for ``locale`` is loaded.
  public var hasDatafile: Bool
  /// Whether the message is marked deprecated in the datafile.
  public var deprecated: Bool
  /// Every override of the message in evaluation order, each explained in the context of the
  /// call (empty for a key without overrides).
  public var overrides: [OverrideTrace]

  /// Creates a trace.
  public init(
    key: String, locale: String, text: String, source: Source, hasDatafile: Bool = true,
    deprecated: Bool = false, overrides: [OverrideTrace] = []
  ) {
    self.key = key
    self.locale = locale
    self.text = text
    self.source = source
    self.hasDatafile = hasDatafile
    self.deprecated = deprecated
    self.overrides = overrides
  }

  /// The chosen override, when an override supplied the text.
  public var chosenOverride: OverrideTrace? {
    guard case .override(_, let index) = source, overrides.indices.contains(index) else {
      return nil
    }
    return overrides[index]
  }
}
