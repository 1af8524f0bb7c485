/// What an empty imported cell means (`--emptyValues`).
public enum ImportEmptyValues: String, Sendable, Equatable, CaseIterable {
  /// Nothing: the translation stays as it is (the default; spreadsheets leave cells empty).
  case skip
  /// The translation becomes the empty text.
  case empty
  /// The locale's own translation is removed (the locale then inherits).
  case delete
}
