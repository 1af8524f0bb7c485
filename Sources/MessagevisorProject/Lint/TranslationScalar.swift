/// One translation text of a message with where it is.
struct TranslationScalar {
  /// The locale key.
  var locale: String
  /// The text as written.
  var text: String
  /// The path inside the message (`translations.nl`, `overrides[1].translations.ru`).
  var path: String
  /// The override index, `nil` for a base translation.
  var override: Int?
  /// The scalar's position.
  var location: SourceLocation
}
