/// Where a visible string came from, as inspect mode labels it.
public enum TextOrigin: Sendable, Equatable {
  /// A conditional override matched; the value is the override's key.
  case override(key: String)
  /// The base translation of a datafile layer (e.g. `project terminal` or `bundle`).
  case base(layer: String)
  /// A base translation the locale inherits from another locale of the project
  /// (`inheritTranslationsFrom`): the locale that has the text and the layer that supplied it.
  case inherited(from: String, layer: String)
  /// The OTA overlay for the locale, applied at the given manifest revision.
  case otaOverlay(revision: Int)
  /// The configured default translation for the locale.
  case defaultTranslation
  /// No translation anywhere: the engine returned the key itself.
  case fallbackToKey
  /// Not a message: text the previewer computed (e.g. a formatted date) through the engine.
  case computed(String)

  /// The short label shown in inspect mode.
  public var label: String {
    switch self {
    case .override(let key): return "override \(key)"
    case .base(let layer): return "base \(layer)"
    case .inherited(let locale, _): return "inherited from \(locale)"
    case .otaOverlay(let revision): return "OTA rev \(revision)"
    case .defaultTranslation: return "default translation"
    case .fallbackToKey: return "fallback to key"
    case .computed(let how): return how
    }
  }
}
