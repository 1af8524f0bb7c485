/// The kind of value a printf-style format specifier expects.
public enum FormatArgumentKind: String, Sendable, Equatable, Codable {
  /// `%@`, `%s`: an object or string, formatted as text.
  case object
  /// `%d %i %u %o %x %X` with any length modifier (`%ld`, `%lld`, …): an integer.
  case integer
  /// `%f %F %e %E %g %G %a %A`: a floating-point number.
  case double
}
