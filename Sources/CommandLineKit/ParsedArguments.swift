/// What ``CommandSpec/parse(_:)`` found: option values, flags and positional arguments.
public struct ParsedArguments: Sendable, Equatable {
  /// Every value given for each value option, in order (keyed by long name).
  public var values: [String: [String]] = [:]
  /// Flags that were given, with their value (`--flag=false` records `false`).
  public var flags: [String: Bool] = [:]
  /// Positional arguments (including everything after `--`).
  public var positional: [String] = []
  /// Whether `-h`/`--help` was given (the other arguments are then not validated).
  public var helpRequested = false

  /// Creates an empty result.
  public init() {}

  /// The last value of option `name`, when given.
  public subscript(_ name: String) -> String? { values[name]?.last }

  /// Every value of option `name`, in order.
  public func all(_ name: String) -> [String] { values[name] ?? [] }

  /// Whether flag `name` is set (given, and not `=false`).
  public func flag(_ name: String) -> Bool { flags[name] ?? false }

  /// Whether option or flag `name` was given at all.
  public func has(_ name: String) -> Bool { values[name] != nil || flags[name] != nil }
}
