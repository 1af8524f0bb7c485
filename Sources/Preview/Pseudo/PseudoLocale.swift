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
    var result = source
    result.locale = locale
    result.direction = "ltr"
    result.revision = source.revision.isEmpty ? "pseudo" : source.revision + "+pseudo"
    result.translations = source.translations.mapValues(PseudoLocalizer.transform)
    result.messages = source.messages.mapValues { message in
      var message = message
      message.overrides = message.overrides?.map { override in
        var override = override
        override.translation = PseudoLocalizer.transform(override.translation)
        return override
      }
      return message
    }
    return result
  }
}
