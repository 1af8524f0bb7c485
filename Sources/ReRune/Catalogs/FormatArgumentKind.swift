/// The kind of value a printf-style format specifier expects.
public enum FormatArgumentKind: String, Sendable, Equatable, Codable {
  /// `%@`, `%s`, `%S`: an object or string, formatted as text.
  case object
  /// `%d %i %u %o %x %X` with any length modifier (`%ld`, `%lld`, `%lu`, …): an integer.
  case integer
  /// `%f %F %e %E %g %G %a %A`: a floating-point number.
  case double
  /// `%c`, `%C`: one character, passed as its code point (an integer) or as a one-character string.
  case character
  /// A position that no specifier of the string prints (`%2$@` alone leaves argument 1 unused, as a
  /// translation that prints only the second argument may): the caller still passes it, and
  /// Foundation skips it.
  case unused
}
