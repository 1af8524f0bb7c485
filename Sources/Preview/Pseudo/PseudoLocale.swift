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
    var result = source
    result.locale = locale
    result.direction = "ltr"
    result.revision = source.revision.isEmpty ? "pseudo" : source.revision + "+pseudo"
    guard let previous, previous.pseudo.locale == locale else {
      result.translations = source.translations.mapValues(PseudoLocalizer.transform)
      result.messages = source.messages.mapValues(pseudoMessage)
      return result
    }
    result.translations = source.translations
    for (key, text) in source.translations {
      if previous.source.translations[key] == text, let made = previous.pseudo.translations[key] {
        result.translations[key] = made
      } else {
        result.translations[key] = PseudoLocalizer.transform(text)
      }
    }
    result.messages = source.messages
    for (key, message) in source.messages {
      if previous.source.messages[key] == message, let made = previous.pseudo.messages[key] {
        result.messages[key] = made
      } else {
        result.messages[key] = pseudoMessage(message)
      }
    }
    return result
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
