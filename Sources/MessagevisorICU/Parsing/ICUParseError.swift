/// A syntax error in an ICU MessageFormat message.
///
/// `offset` counts UTF-16 code units from the start of the message (the same unit JavaScript
/// uses), and `expected` says what the parser needed there, for example `"'}'"` or
/// `"an 'other' branch"`.
public struct ICUParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The UTF-16 offset of the problem in the message.
  public var offset: Int
  /// What the parser expected at `offset`.
  public var expected: String
  /// Additional context (for example the unknown keyword), or an empty string.
  public var detail: String

  /// Creates a parse error.
  public init(offset: Int, expected: String, detail: String = "") {
    self.offset = offset
    self.expected = expected
    self.detail = detail
  }

  /// `expected <what> at offset <n>`, followed by the detail when there is one.
  public var description: String {
    let base = "expected \(expected) at offset \(offset)"
    return detail.isEmpty ? base : "\(base): \(detail)"
  }
}
