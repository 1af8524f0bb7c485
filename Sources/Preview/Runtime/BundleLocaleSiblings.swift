import Messagevisor

/// The bundle's source-language text (`Base.lproj` is English) also serves the project's other
/// locales of that language: en-GB shows the bundled English `welcome_bundle_note` like en-US, as
/// an app's bundle would. A locale's own bundled text wins over the source locale's.
enum BundleLocaleSiblings {
  /// `datafiles` with the source locale's bundled translations copied under every other project
  /// locale of the same language (merged below that locale's own bundled translations).
  static func extend(_ datafiles: [DatafileContent], locales: [String], sourceLocale: String)
    -> [DatafileContent]
  {
    guard let source = datafiles.first(where: { $0.locale == sourceLocale }) else {
      return datafiles
    }
    let language = sourceLocale.split(separator: "-").first.map(String.init) ?? sourceLocale
    var result = datafiles
    for locale in locales
    where locale != sourceLocale && (locale == language || locale.hasPrefix(language + "-")) {
      if let index = result.firstIndex(where: { $0.locale == locale }) {
        // The locale's own translations win over the source's.
        var merged = source.translationTable
        merged.merge(result[index].translationTable)
        result[index].translationTable = merged
      } else {
        var copy = source
        copy.locale = locale
        result.append(copy)
      }
    }
    return result
  }
}
