/// A command-line mistake, with what to type instead.
public enum PreviewOptionsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// An option that needs a value was last.
  case missingValue(String)
  /// A value that does not fit the option: option, value, what is expected.
  case invalidValue(String, String, String)
  /// An option the previewer does not know.
  case unknownOption(String)

  /// A message naming the option and the fix.
  public var description: String {
    switch self {
    case .missingValue(let option): return "\(option) needs a value (see --help)"
    case .invalidValue(let option, let value, let expected):
      return "\(option) \(value): expected \(expected)"
    case .unknownOption(let option): return "unknown option \(option) (see --help)"
    }
  }
}
