import Messagevisor

extension TextOrigin {
  /// Where a traced string came from: the engine's choice (`TranslationTrace/source`), with
  /// `layer` (the layer stack's answer for the key and locale) naming where a base translation
  /// came from (`base datafile` when the stack does not know).
  public init(_ trace: TranslationTrace, layer: TextOrigin?) {
    switch trace.source {
    case .override(let key, _): self = .override(key: key)
    case .translation: self = layer ?? .base(layer: "datafile")
    case .defaultTranslation: self = .defaultTranslation
    case .callDefault, .key: self = .fallbackToKey
    }
  }
}
