/// A command-line mistake, with what to type instead. Executables print ``description`` to
/// standard error and exit with their usage status (64, `EX_USAGE`, unless the command documents
/// another one).
public struct CommandLineError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong.
  public enum Reason: Sendable, Equatable {
    /// An option the command does not have; the closest one, if any is close.
    case unknownOption(String, suggestion: String?)
    /// A value option was last, or `--name=` was empty where a value is needed.
    case missingValue(String)
    /// A value that does not fit: option, value, what is expected (e.g. the valid values).
    case invalidValue(String, String, expected: String)
    /// A positional argument the command does not take.
    case unexpectedArgument(String)
    /// A required positional argument or option is absent.
    case missing(String)
    /// Two options that exclude each other were both given.
    case conflict(String, String)
    /// A word that is not a subcommand; the closest one, if any is close.
    case unknownSubcommand(String, suggestion: String?, valid: [String])
  }

  /// What is wrong.
  public var reason: Reason
  /// The full name of the command that was being parsed (`messagevisor-swift ota check`).
  public var command: String

  /// The conventional exit status of a usage error (`EX_USAGE` in sysexits.h).
  public static let usageExitStatus: Int32 = 64

  /// Creates an error.
  public init(_ reason: Reason, command: String) {
    self.reason = reason
    self.command = command
  }

  /// Creates an error of the command being run: the dispatcher, or
  /// ``ParsableCommand/parse(_:as:)`` for ``ParsableCommand/validate()``, fills in its full name.
  public init(_ reason: Reason) {
    self.init(reason, command: "")
  }

  /// This error, naming `command` when it names none yet.
  public func naming(_ command: String) -> CommandLineError {
    self.command.isEmpty ? CommandLineError(reason, command: command) : self
  }

  /// A message naming the argument and the fix.
  public var description: String {
    let help = "see \(command) --help"
    switch reason {
    case .unknownOption(let option, let suggestion):
      return "unknown option \(option)"
        + (suggestion.map { " (did you mean \($0)?)" } ?? "") + "; \(help)"
    case .missingValue(let option):
      return "\(option) needs a value; \(help)"
    case .invalidValue(let option, let value, let expected):
      return "\(option) \(value.isEmpty ? "''" : value): expected \(expected)"
    case .unexpectedArgument(let argument):
      return "unexpected argument '\(argument)'; \(help)"
    case .missing(let what):
      return "missing \(what); \(help)"
    case .conflict(let first, let second):
      return "use either \(first) or \(second), not both; \(help)"
    case .unknownSubcommand(let word, let suggestion, let valid):
      return "unknown command '\(word)'"
        + (suggestion.map { " (did you mean \($0)?)" } ?? "")
        + "; commands: \(valid.joined(separator: ", "))"
    }
  }
}
