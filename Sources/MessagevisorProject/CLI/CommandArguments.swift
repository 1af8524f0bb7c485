/// Parsed command-line flags for one `messagevisor-swift` command.
///
/// Syntax: `--key=value`, `--key value` (value flags), bare `--key` (boolean flags, also
/// `--key=true|false`), and short aliases such as `-n`. Unknown flags are errors that name the
/// flag and list the valid ones.
public struct CommandArguments: Sendable, Equatable {
  /// How a flag takes its value.
  public enum Kind: Sendable, Equatable {
    /// A boolean switch.
    case bool
    /// A flag with a value.
    case value
  }

  /// A flag declaration.
  public struct Flag: Sendable, Equatable {
    /// The long name (without dashes).
    public var name: String
    /// Bool or value.
    public var kind: Kind
    /// Optional short alias (without the dash), e.g. `n`.
    public var short: String?
    /// Help text.
    public var help: String

    /// Declares a flag.
    public init(_ name: String, _ kind: Kind, short: String? = nil, help: String) {
      self.name = name
      self.kind = kind
      self.short = short
      self.help = help
    }
  }

  /// A usage error.
  public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var description: String
  }

  /// Values of value flags (the last occurrence wins).
  public var values: [String: String] = [:]
  /// Boolean flags that were set.
  public var switches: [String: Bool] = [:]
  /// Positional arguments.
  public var positional: [String] = []

  /// Parses `arguments` against `flags`.
  public static func parse(_ arguments: [String], flags: [Flag]) throws(UsageError)
    -> CommandArguments
  {
    var result = CommandArguments()
    var index = 0
    func known() -> String {
      flags.map { "--\($0.name)" + ($0.short.map { " (-\($0))" } ?? "") }.joined(separator: ", ")
    }
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("-"), argument != "-", argument != "--" else {
        result.positional.append(argument)
        continue
      }
      var body = argument.drop { $0 == "-" }
      var inline: String? = nil
      if let equals = body.firstIndex(of: "=") {
        inline = String(body[body.index(after: equals)...])
        body = body[..<equals]
      }
      let name = String(body)
      guard
        let flag = flags.first(where: {
          $0.name == name || (argument.hasPrefix("--") == false && $0.short == name)
        })
      else {
        throw UsageError(
          description:
            "unknown flag \(argument.split(separator: "=").first ?? "")\(argument.contains("=") ? "" : ""); valid flags: \(known())"
        )
      }
      switch flag.kind {
      case .bool:
        if let inline {
          guard let value = ["true": true, "false": false, "1": true, "0": false][inline] else {
            throw UsageError(description: "--\(flag.name) takes true or false, not \"\(inline)\"")
          }
          result.switches[flag.name] = value
        } else {
          result.switches[flag.name] = true
        }
      case .value:
        if let inline {
          result.values[flag.name] = inline
        } else {
          guard index < arguments.count else {
            throw UsageError(description: "--\(flag.name) needs a value (--\(flag.name)=…)")
          }
          result.values[flag.name] = arguments[index]
          index += 1
        }
      }
    }
    return result
  }

  /// Whether boolean `name` is set.
  public func flag(_ name: String) -> Bool { switches[name] ?? false }

  /// The value of `name`, when given.
  public subscript(_ name: String) -> String? { values[name] }
}
