import CommandLineKit

/// A command-line mistake of `messagevisor-preview`, with what to type instead (exit 64).
public enum PreviewOptionsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// An option that needs a value was last.
  case missingValue(String)
  /// A value that does not fit the option: option, value, what is expected.
  case invalidValue(String, String, String)
  /// An option the previewer does not know (and nothing close to it).
  case unknownOption(String)
  /// Any other mistake the parser found (a typo with its suggestion, a stray argument…).
  case commandLine(CommandLineError)

  /// A message naming the option and the fix.
  public var description: String {
    switch self {
    case .missingValue(let option): return "\(option) needs a value (see --help)"
    case .invalidValue(let option, let value, let expected):
      return "\(option) \(value): expected \(expected)"
    case .unknownOption(let option): return "unknown option \(option) (see --help)"
    case .commandLine(let error): return error.description
    }
  }
}

extension PreviewOptionsError {
  /// The previewer's error for a parser error: the cases the previewer always had where they fit.
  public init(_ error: CommandLineError) {
    switch error.reason {
    case .unknownOption(let option, nil): self = .unknownOption(option)
    case .missingValue(let option): self = .missingValue(option)
    case .invalidValue(let option, let value, let expected):
      self = .invalidValue(option, value, expected)
    default: self = .commandLine(error)
    }
  }
}
