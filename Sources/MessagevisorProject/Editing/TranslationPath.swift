/// Which translation of a message file an edit addresses: the message's own translation for a
/// locale, or the translation of one of its overrides.
public struct TranslationPath: Sendable, Hashable, CustomStringConvertible {
  /// The message itself or one of its overrides.
  public enum Owner: Sendable, Hashable {
    /// The message's base `translations`.
    case message
    /// The override at this 0-based index of the message's `overrides` list.
    case override(Int)
  }

  /// Whose `translations` mapping holds the text.
  public var owner: Owner
  /// The locale key inside that mapping (for example `nl-NL`).
  public var locale: String

  /// Creates a path.
  public init(owner: Owner, locale: String) {
    self.owner = owner
    self.locale = locale
  }

  /// The message's translation for `locale`.
  public static func translation(_ locale: String) -> TranslationPath {
    TranslationPath(owner: .message, locale: locale)
  }

  /// The translation for `locale` of the override at `index` (0-based).
  public static func override(_ index: Int, locale: String) -> TranslationPath {
    TranslationPath(owner: .override(index), locale: locale)
  }

  /// The same owner with another locale (the source text of a review, for example).
  public func with(locale: String) -> TranslationPath {
    TranslationPath(owner: owner, locale: locale)
  }

  /// `translations.nl-NL` or `overrides[1].translations.nl-NL`.
  public var description: String {
    switch owner {
    case .message: return "translations.\(locale)"
    case .override(let index): return "overrides[\(index)].translations.\(locale)"
    }
  }
}
