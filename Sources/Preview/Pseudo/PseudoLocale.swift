import Messagevisor

/// The pseudo-locale the previewer adds next to a project's locales: generated from the source
/// locale's datafile with ``PseudoLocalizer``. Its identifier is the source language with the
/// private-use region `XA` (`en-XA`, as Android names it), so plural rules and formats stay
/// those of the source language; `--locale pseudo` selects it.
public enum PseudoLocale {
  /// The name accepted wherever a locale is (`--locale pseudo`).
  public static let alias = "pseudo"
  /// The private-use region of pseudo-locales.
  public static let region = "XA"

  /// The pseudo-locale identifier for a source locale (`en-US` → `en-XA`).
  public static func identifier(for sourceLocale: String) -> String {
    let language = sourceLocale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first
    return (language.map(String.init) ?? "en") + "-" + region
  }

  /// Whether `locale` is a pseudo-locale identifier.
  public static func isPseudo(_ locale: String) -> Bool {
    locale == alias || locale.hasSuffix("-" + region)
  }

  /// The pseudo datafile made from `source`: every translation and override translation
  /// pseudo-localized; segments, message metadata and formats kept; left to right.
  public static func datafile(from source: DatafileContent, locale: String) -> DatafileContent {
    datafile(from: source, locale: locale, previous: nil)
  }

  /// ``datafile(from:locale:)`` after an edit: `previous` is an earlier source and the pseudo
  /// datafile made from it; only the translations and messages that differ from it are
  /// pseudo-localized again (a live edit of one message in a project of 10,000 transforms one
  /// message, not 10,000). The result equals a fresh ``datafile(from:locale:)``.
  static func datafile(
    from source: DatafileContent, locale: String,
    previous: (source: DatafileContent, pseudo: DatafileContent)?
  ) -> DatafileContent {
    update(from: source, locale: locale, previous: previous).datafile
  }

  /// `datafile(from:locale:previous:)` and whether the result differs from `previous`'s
  /// pseudo datafile (always, without one), found without comparing every translation: the
  /// previous pseudo datafile is the start and only what changed is written into it.
  ///
  /// With `changed` (the source differs from `previous`'s only in those keys, e.g. after a live
  /// edit of those messages), only those keys are looked at.
  static func update(
    from source: DatafileContent, locale: String,
    previous: (source: DatafileContent, pseudo: DatafileContent)?, changed: Set<String>? = nil
  ) -> (datafile: DatafileContent, changed: Bool) {
    var result = source
    result.locale = locale
    result.direction = "ltr"
    result.revision = source.revision.isEmpty ? "pseudo" : source.revision + "+pseudo"
    guard let previous, previous.pseudo.locale == locale else {
      result.translationTable = source.translationTable.mapValues(PseudoLocalizer.transform)
      result.messageTable = source.messageTable.mapValues(pseudoMessage)
      return (result, true)
    }
    guard let changed else { return update(result, from: source, previous: previous) }
    var remade = false
    var translations = previous.pseudo.translationTable
    var messages = previous.pseudo.messageTable
    for key in changed {
      let text = source.translationTable[key].map(PseudoLocalizer.transform)
      if translations[key] != text {
        translations[key] = text
        remade = true
      }
      let message = source.messageTable[key].map(pseudoMessage)
      if messages[key] != message {
        messages[key] = message
        remade = true
      }
    }
    return finish(
      result, translations: translations, messages: messages, remade: remade,
      previous: previous.pseudo)
  }

  /// `update(from:locale:previous:changed:)` without the changed keys: every source
  /// translation and message is compared with `previous`'s source. `result` is the source with
  /// the pseudo-locale's identity.
  private static func update(
    _ result: DatafileContent, from source: DatafileContent,
    previous: (source: DatafileContent, pseudo: DatafileContent)
  ) -> (datafile: DatafileContent, changed: Bool) {
    var remade = false
    var translations = previous.pseudo.translationTable
    for (key, text) in source.translationTable
    where previous.source.translationTable[key] != text || translations[key] == nil {
      translations[key] = PseudoLocalizer.transform(text)
      remade = true
    }
    // Every source key is in `translations` now: any other key was removed from the source.
    if translations.count != source.translationTable.count {
      for (key, _) in translations where source.translationTable[key] == nil {
        translations[key] = nil
      }
      remade = true
    }
    var messages = previous.pseudo.messageTable
    for (key, message) in source.messageTable
    where previous.source.messageTable[key] != message || messages[key] == nil {
      messages[key] = pseudoMessage(message)
      remade = true
    }
    if messages.count != source.messageTable.count {
      for (key, _) in messages where source.messageTable[key] == nil { messages[key] = nil }
      remade = true
    }
    return finish(
      result, translations: translations, messages: messages, remade: remade,
      previous: previous.pseudo)
  }

  /// `result` with the pseudo `translations` and `messages`, and whether it differs from
  /// `previous`: `remade` (a table changed), or the rest (segments, formats, revision, …),
  /// compared without the two large tables.
  private static func finish(
    _ result: DatafileContent, translations: DatafileTranslations,
    messages: DatafileMessages, remade: Bool, previous: DatafileContent
  ) -> (datafile: DatafileContent, changed: Bool) {
    var result = result
    result.translationTable = DatafileTranslations()
    result.messageTable = DatafileMessages()
    var before = previous
    before.translationTable = DatafileTranslations()
    before.messageTable = DatafileMessages()
    let changed = remade || result != before
    result.translationTable = translations
    result.messageTable = messages
    return (result, changed)
  }

  /// A message with its override translations pseudo-localized.
  static func pseudoMessage(_ message: DatafileMessage) -> DatafileMessage {
    var message = message
    message.overrides = message.overrides?.map { override in
      var override = override
      override.translation = PseudoLocalizer.transform(override.translation)
      return override
    }
    return message
  }
}
