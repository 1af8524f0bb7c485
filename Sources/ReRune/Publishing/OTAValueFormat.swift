/// How `publish --value` is written (`--format`).
public enum OTAValueFormat: String, Sendable, Equatable, CaseIterable {
  /// ICU MessageFormat (the default): validated with the ICU parser and written as the equivalent
  /// String Catalog construct (see ``ICUCatalogConverter``).
  case icu
  /// Catalog-native: an Apple format string (`%lld Dateien`, `%1$@ und %2$@`), or a JSON object of
  /// plural forms (`{"one": "%lld Datei", "other": "%lld Dateien"}`), or a whole localization object
  /// (`{"stringUnit": …}` / `{"variations": …}` / with `substitutions`), as Xcode writes it.
  case xcstrings
}
