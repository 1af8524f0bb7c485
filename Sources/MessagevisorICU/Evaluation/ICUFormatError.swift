/// Why an ICU message could not be evaluated. Thrown by the ICU module's `format` hook; the engine
/// reports `invalid_message` (with the module name and hook) and rethrows this error unchanged.
public enum ICUFormatError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The argument is used on the evaluated path but `values` has no entry for it.
  case missingValue(argument: String)
  /// The value cannot be used by the argument, for example a string in `{n, number}` or an
  /// unparseable date in `{d, date}`. `expected` says what would work.
  case invalidValue(argument: String, expected: String, actual: String)
  /// The number or date skeleton of the argument contains tokens the Swift backend cannot express.
  case unsupportedSkeleton(argument: String, tokens: [String])
  /// The native formatter rejected the resolved options or value (for example an unknown
  /// currency code or time zone).
  case formatFailed(argument: String, reason: String)

  /// A sentence that names the argument and what to fix.
  public var description: String {
    switch self {
    case .missingValue(let argument):
      return "Missing value for ICU argument '\(argument)'; pass it in values"
    case .invalidValue(let argument, let expected, let actual):
      return "Invalid value for ICU argument '\(argument)': expected \(expected), got \(actual)"
    case .unsupportedSkeleton(let argument, let tokens):
      let list = tokens.map { "'\($0)'" }.joined(separator: ", ")
      return
        "Unsupported ICU skeleton token\(tokens.count == 1 ? "" : "s") \(list) in argument '\(argument)'"
    case .formatFailed(let argument, let reason):
      return "Cannot format ICU argument '\(argument)': \(reason)"
    }
  }
}
