import Messagevisor
import MessagevisorProject

extension PreviewSession {
  /// Where base translations come from, for origins: the layer stack's answer for a key and
  /// locale (project, bundle or OTA), with text the project layer holds only through
  /// `inheritTranslationsFrom` marked as inherited from the locale that has it, and the
  /// pseudo-locale's text marked as generated from the source locale.
  func layerOrigins(
    _ stack: DatafileLayers, _ sources: SessionSources, locales: some Sequence<String>
  ) -> @Sendable (_ key: String, _ locale: String) -> TextOrigin? {
    let inheritance = LocaleInheritance(project: sources.project, locales: locales)
    let projectLayer = sources.projectLayer
    let pseudo = pseudoLocale
    let sourceLocale = sources.sourceLocale
    return { key, locale in
      if locale == pseudo, let sourceLocale { return .base(layer: "pseudo ← \(sourceLocale)") }
      guard let origin = stack.origin(of: key, locale: locale) else { return nil }
      if case .layer(let name) = origin, name == projectLayer,
        let parent = inheritance.inheritedFrom(key, locale: locale)
      {
        return .inherited(from: parent, layer: name)
      }
      return TextOrigin(origin)
    }
  }

  /// The origin of `key` as `translate` resolves it now in the active locale: the engine's trace
  /// (override, base translation, default translation, or the key), with `layers` naming the
  /// layer of a base translation.
  func origin(
    of key: String, layers: (_ key: String, _ locale: String) -> TextOrigin?
  ) -> TextOrigin {
    guard let trace = try? engine.traceTranslation(key) else { return .fallbackToKey }
    return TextOrigin(trace, layer: layers(key, trace.locale))
  }
}
