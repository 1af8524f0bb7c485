/// One localized string read from a catalog, in both Apple and ICU form.
public struct CatalogEntry: Sendable, Equatable {
  /// How the entry was written in the catalog.
  public enum Kind: String, Sendable, Equatable {
    /// A string unit without format specifiers.
    case plain
    /// A string unit with printf-style format specifiers.
    case formatted
    /// A plural variation, a substitution or a stringsdict plural rule.
    case plural
  }

  /// The Apple-style value: the string unit as written (format specifiers intact). For plural entries
  /// this is the `other` form (or the format key with substitutions), so raw lookups have something sensible.
  public var value: String
  /// The message as ICU MessageFormat text (see ``ICUMessageBuilder`` for the argument naming).
  public var icuMessage: String
  /// The entry's shape.
  public var kind: Kind
  /// Argument kinds by 1-based position (`arguments[0]` is `arg1`).
  public var arguments: [FormatArgumentKind]
  /// The String Catalog `stringUnit.state` (`translated`, `needs_review`, `new`, `stale`), kept for
  /// diagnostics; nil for `.strings` / `.stringsdict`.
  public var state: String?

  /// Creates an entry.
  public init(
    value: String, icuMessage: String, kind: Kind, arguments: [FormatArgumentKind] = [],
    state: String? = nil
  ) {
    self.value = value
    self.icuMessage = icuMessage
    self.kind = kind
    self.arguments = arguments
    self.state = state
  }

  /// Builds an entry from an Apple format string.
  public static func fromFormat(_ value: String, state: String? = nil) throws(ICUMessageBuilder
    .Failure)
    -> CatalogEntry
  {
    let message = try ICUMessageBuilder.convert(format: value)
    return CatalogEntry(
      value: value, icuMessage: message.icu, kind: message.arguments.isEmpty ? .plain : .formatted,
      arguments: message.arguments, state: state)
  }
}
