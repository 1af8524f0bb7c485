/// How a locale gets a message's text (upstream's export statuses).
public enum ExchangeStatus: String, Sendable, Equatable, CaseIterable {
  /// The message (or override) has its own translation in the locale.
  case direct
  /// The locale has none; a locale it inherits from (`inheritTranslationsFrom`) has.
  case inherited
  /// Neither the locale nor any locale it inherits from has a translation.
  case missing
}
