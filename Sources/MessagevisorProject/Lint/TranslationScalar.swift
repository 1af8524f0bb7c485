import MessagevisorICU

/// One translation text of a message with where it is, and what the checks share about it (its
/// shape, its ICU parse).
struct TranslationScalar {
  /// The locale key.
  var locale: String
  /// The text as written.
  var text: String
  /// The override index, `nil` for a base translation.
  var override: Int?
  /// The scalar's position.
  var location: SourceLocation
  /// The text's shape, found once for every check.
  var shape: TextShape
  /// The text's ICU parse when it is not one literal (see `TextShape.isLiteral`), made once for
  /// every check that needs it; `nil` until made.
  var parsed: Result<ICUMessage, ICUParseError>?

  /// Creates a scalar; its shape is found here.
  init(locale: String, text: String, override: Int?, location: SourceLocation) {
    self.locale = locale
    self.text = text
    self.override = override
    self.location = location
    shape = TextShape(text)
  }

  /// The path inside the message (`translations.nl`, `overrides[1].translations.ru`), made only
  /// when a finding needs it.
  var path: String {
    override.map { "overrides[\($0)].translations.\(locale)" } ?? "translations.\(locale)"
  }
}
