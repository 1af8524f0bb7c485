/// One piece of an Apple format string (`String(format:)` syntax) as read by ``FormatStringParser``.
public enum FormatToken: Sendable, Equatable {
  /// Literal text (`%%` already turned into `%`).
  case literal(String)
  /// A format specifier such as `%@`, `%2$lld` or `%.2f`.
  case specifier(FormatSpecifier)
  /// A substitution reference `%#@name@` (stringsdict / String Catalog substitutions).
  case substitution(name: String, position: Int?)
  /// The `%arg` placeholder used inside String Catalog substitution variations.
  case substitutionArgument
}

/// A parsed printf-style format specifier.
public struct FormatSpecifier: Sendable, Equatable {
  /// The explicit 1-based argument position (`%2$@` → 2), or nil for sequential specifiers.
  public var position: Int?
  /// The precision (`%.2f` → 2), if given.
  public var precision: Int?
  /// The conversion character (`@`, `d`, `f`, …).
  public var conversion: Character
  /// The value kind the specifier expects.
  public var kind: FormatArgumentKind
  /// The specifier exactly as written, e.g. `%1$lld`.
  public var raw: String
  /// The flags as written (`-+#0'`), empty when none.
  public var flags: String = ""
  /// The minimum field width (`%5d` → 5), if given.
  public var width: Int?
}
