/// How a scalar is written in a YAML file.
enum YAMLScalarStyle: Sendable, Equatable {
  /// Unquoted.
  case plain
  /// `'…'` (a quote is written twice).
  case singleQuoted
  /// `"…"` with backslash escapes.
  case doubleQuoted
  /// `|` block: lines kept as written.
  case literal
  /// `>` block: single line breaks read as spaces.
  case folded
}
