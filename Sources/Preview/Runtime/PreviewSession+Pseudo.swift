import Messagevisor

extension PreviewSession {
  /// The pseudo-locale this session adds (`en-XA` for an `en-US` source), or `nil` when the
  /// sources name no source locale or the project has that locale itself.
  var pseudoLocale: String? {
    guard let source = sources.withLock({ $0.sourceLocale }) else { return nil }
    let pseudo = PseudoLocale.identifier(for: source)
    return bridge.layers.locales.contains(pseudo) ? nil : pseudo
  }

  /// A locale as the user may name it: `pseudo` becomes the pseudo-locale's identifier.
  func resolvingAlias(_ locale: String) -> String {
    locale == PseudoLocale.alias ? (pseudoLocale ?? locale) : locale
  }

  /// Sets the pseudo-locale's datafile, generated from the source locale's composed datafile (so
  /// OTA and project edits of the source text reach it), when it changed.
  func applyPseudoLocale() {
    guard let pseudo = pseudoLocale, let source = sources.withLock({ $0.sourceLocale }),
      let composed = bridge.datafile(for: source)
    else { return }
    let datafile = PseudoLocale.datafile(from: composed, locale: pseudo)
    let changed = appliedPseudo.withLock { applied -> Bool in
      guard applied != datafile else { return false }
      applied = datafile
      return true
    }
    if changed { engine.setDatafile(datafile, replace: true) }
  }
}
