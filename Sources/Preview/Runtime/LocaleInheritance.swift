import MessagevisorProject

/// Which locale a project locale inherits a message's base translation from
/// (`inheritTranslationsFrom`): the build writes inherited text into the locale's datafile, so the
/// engine's trace names the locale it read, and this names the one whose file holds the text.
public struct LocaleInheritance: Sendable {
  /// The project's messages.
  let project: Project?
  /// `[locale, parent, …]` by locale, for the locales asked about at creation.
  let chains: [String: [String]]

  /// The inheritance of `locales` in `project` (no inheritance without a project, or for a
  /// locale whose chain does not resolve).
  public init(project: Project?, locales: some Sequence<String>) {
    self.project = project
    var chains: [String: [String]] = [:]
    if let project {
      for locale in locales where chains[locale] == nil {
        chains[locale] = try? LocaleChain.translations(for: locale, in: project)
      }
    }
    self.chains = chains
  }

  /// The ancestor locale whose base translation of `key` the project's `locale` uses, or `nil`
  /// when the locale has its own (or neither has one).
  public func inheritedFrom(_ key: String, locale: String) -> String? {
    // A locale without a parent inherits nothing: no need to look at (and copy) the message.
    guard let chain = chains[locale], chain.count > 1,
      let translations = project?.messages[key]?.translations, translations[locale] == nil
    else { return nil }
    return chain.dropFirst().first { translations[$0] != nil }
  }
}
