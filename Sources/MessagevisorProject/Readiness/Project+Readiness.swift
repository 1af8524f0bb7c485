import Messagevisor

extension Project {
  /// The readiness rows of the project: every message that is not archived (only those
  /// `target` includes, when given) and each of its overrides, in every locale (the target's, when
  /// given; only `locales`, when given), sorted by message, override order and locale.
  ///
  /// Resolution follows `inheritTranslationsFrom` as the build does (an override's text is looked
  /// up along the chain among the override's own translations). Review state is
  /// `translationStates.<locale>` of the message or override compared with today's texts
  /// (``TranslationReview/of(locale:translations:states:sourceLocale:)``).
  /// - Throws: ``ProjectError`` for a locale inheritance cycle or an unknown inherited locale.
  public func readiness(target: ProjectTarget? = nil, locales: [String]? = nil)
    throws(ProjectError) -> [ReadinessEntry]
  {
    var chosen = target?.locales ?? self.locales.keys.sorted()
    if let locales { chosen = chosen.filter(locales.contains) }
    var chains: [String: [String]] = [:]
    for locale in chosen { chains[locale] = try LocaleChain.translations(for: locale, in: self) }
    let source = config.sourceLocale.flatMap { self.locales[$0] == nil ? nil : $0 }
    var entries: [ReadinessEntry] = []
    for key in messages.keys.sorted() {
      guard let message = messages[key], !message.archived else { continue }
      if let target, !target.includesMessage(key) { continue }
      let owners: [ReadinessOwner] =
        [
          ReadinessOwner(
            overrideKey: nil, translations: message.translations,
            locations: message.translationLocations, states: message.translationStates,
            fallback: message.translationsLocation ?? message.location)
        ]
        + message.overrides.map {
          ReadinessOwner(
            overrideKey: $0.key, translations: $0.translations, locations: $0.translationLocations,
            states: $0.translationStates, fallback: $0.location)
        }
      for owner in owners {
        for locale in chosen {
          entries.append(
            owner.entry(
              messageKey: key, locale: locale, chain: chains[locale] ?? [locale], source: source,
              set: set))
        }
      }
    }
    return entries
  }
}

/// A message or an override as readiness sees it: its translations, where they are, its review
/// states.
struct ReadinessOwner {
  var overrideKey: String?
  var translations: LocaleTable<String>
  var locations: LocaleTable<SourceLocation>
  var states: MessagevisorValue?
  var fallback: SourceLocation

  func entry(
    messageKey: String, locale: String, chain: [String], source: String?, set: String?
  ) -> ReadinessEntry {
    let from = chain.first { translations[$0] != nil }
    let resolution: ReadinessEntry.Resolution =
      from == nil ? .missing : (from == locale ? .direct : .inherited)
    let review = TranslationReview.of(
      locale: locale, translations: translations, states: states, sourceLocale: source)
    let status: ReadinessEntry.Status =
      resolution == .missing
      ? .missing
      : review.state.map { ReadinessEntry.Status(rawValue: $0.status.rawValue) ?? .untracked }
        ?? .untracked
    let isSource = locale == source
    var entry = ReadinessEntry(
      set: set, messageKey: messageKey, overrideKey: overrideKey, locale: locale,
      resolution: resolution, inheritedFrom: resolution == .inherited ? from : nil,
      status: status,
      reviewed: resolution == .direct && status == .reviewed && !review.isStale
        && !review.targetChanged,
      stale: resolution == .direct && review.isStale, isSourceLocale: isSource,
      location: from.flatMap { locations[$0] } ?? fallback)
    var issues: [String] = []
    switch resolution {
    case .missing: issues.append("missing_translation")
    case .inherited: issues.append("inherited_translation")
    case .direct: break
    }
    if entry.stale { issues.append("stale_translation") }
    if resolution == .direct, status == .reviewed, review.targetChanged {
      issues.append("reviewed_target_changed")
    }
    if entry.isUnreviewed { issues.append("unreviewed_translation") }
    if review.state == nil, states?.objectValue?[locale] != nil {
      issues.append("invalid_translation_state")
    }
    if let source, !translations.isEmpty, translations[source] == nil {
      issues.append("missing_source_translation")
    }
    entry.issues = issues
    return entry
  }
}
