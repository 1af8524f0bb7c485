import MessagevisorICU

/// The translation contract, when `sourceLocale` is set: `missing_source_translation`,
/// `translation_contract_mismatch`, `stale_translation`, `reviewed_target_changed`.
extension LintRun {
  func checkContract(_ message: ProjectMessage, _ scalars: [TranslationScalar]) {
    guard let source = sourceLocale else { return }
    if !message.translations.isEmpty || !message.overrides.isEmpty,
      message.translations[source] == nil
    {
      report(
        "missing_source_translation",
        "no \(source) (source locale) translation; add translations.\(source) — translators work from it",
        at: message.translationsLocation ?? message.location, key: message.key,
        path: "translations.\(source)", locale: source)
    }
    for (index, override) in message.overrides.enumerated()
    where !override.translations.isEmpty && override.translations[source] == nil {
      report(
        "missing_source_translation",
        "override \"\(override.key)\" has no \(source) (source locale) translation; add it",
        at: override.location, key: message.key, path: "overrides[\(index)].translations.\(source)",
        locale: source)
    }
    guard checksICU else { return }
    // Each group's source scalar (the base's, each override's) by owner (`override + 1`).
    var sources = [Int?](repeating: nil, count: message.overrides.count + 1)
    for index in scalars.indices where scalars[index].locale == source {
      sources[(scalars[index].override ?? -1) + 1] = index
    }
    var sourceSignatures: [Int: ICUSignature] = [:]
    for scalar in scalars where scalar.locale != source {
      let owner = scalar.override ?? -1
      guard let sourceIndex = sources[owner + 1] else { continue }
      let sourceScalar = scalars[sourceIndex]
      // Two literal texts have the same (empty) signature: most copy stops here.
      if sourceScalar.shape.isLiteral && scalar.shape.isLiteral { continue }
      guard case .success(let translated) = scalar.parsed ?? Self.parseUncached(scalar.text)
      else { continue }
      let sourceSignature: ICUSignature
      if let known = sourceSignatures[owner] {
        sourceSignature = known
      } else {
        guard
          case .success(let sourceMessage) = sourceScalar.parsed
            ?? Self.parseUncached(sourceScalar.text)
        else { continue }
        sourceSignature = ICUSignature(sourceMessage, text: sourceScalar.text)
        sourceSignatures[owner] = sourceSignature
      }
      let differences = ICUSignature(translated, text: scalar.text).differences(
        from: sourceSignature)
      guard !differences.isEmpty else { continue }
      report(
        "translation_contract_mismatch",
        "the \(scalar.locale) translation \(differences.joined(separator: "; ")); make it match the \(source) text",
        at: scalar.location, key: message.key, path: scalar.path, locale: scalar.locale)
    }
    checkReviewStates(message, source: source)
  }

  /// `translationStates.<locale>` of a reviewed translation against today's texts.
  func checkReviewStates(_ message: ProjectMessage, source: String) {
    guard let hash = options.sha256Hex, let states = message.translationStates?.objectValue,
      let sourceText = message.translations[source]
    else { return }
    for locale in states.keys.sorted() {
      guard let state = states[locale]?.objectValue, state["status"]?.stringValue == "reviewed"
      else { continue }
      let at = message.translationLocations[locale] ?? message.location
      if let recorded = state["sourceHash"]?.stringValue, recorded != hash(sourceText) {
        report(
          "stale_translation",
          "the \(source) text changed since the \(locale) translation was reviewed; review it again and update translationStates.\(locale)",
          at: at, key: message.key, path: "translationStates.\(locale).sourceHash", locale: locale)
      }
      if let recorded = state["targetHash"]?.stringValue, let text = message.translations[locale],
        recorded != hash(text)
      {
        report(
          "reviewed_target_changed",
          "the \(locale) translation changed since it was reviewed; review it again (status is no longer reviewed)",
          at: at, key: message.key, path: "translationStates.\(locale).targetHash", locale: locale)
      }
    }
  }
}
