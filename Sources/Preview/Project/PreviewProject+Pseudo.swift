extension PreviewProject {
  /// The pseudo-locale the previewer adds next to the project's locales (`en-XA` for an `en-US`
  /// or `en` source locale; see ``PseudoLocale``), or `nil` when the project has a locale of
  /// that name itself.
  public var pseudoLocale: String? {
    let pseudo = PseudoLocale.identifier(for: sourceLocale)
    return locales.contains(pseudo) ? nil : pseudo
  }
}
