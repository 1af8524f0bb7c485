/// What the property wrappers (``Option``, ``Flag``, ``Argument``, ``OptionGroup``) declare and
/// how they receive their values.
///
/// A command's declarations are read by reflection over a default instance, in the order its
/// properties are written, so that order is the order of `--help`. Values are bound while the
/// parser creates the instance: the parsed arguments are a task-local value the wrappers'
/// initializers read, so the declaration is the storage and no name is looked up twice.
struct ArgumentBinding: Sendable {
  /// The arguments being bound, while `ParsableArguments.bind(_:arguments:command:)` creates an instance.
  @TaskLocal static var current: ArgumentBinding?

  /// The parsed option values and flags.
  var parsed: ParsedArguments
  /// The positional words by the name of the argument they fill (declaration order).
  var positional: [String: String]
  /// The positional words a repeating last argument takes (every word from its position on).
  var remaining: [String]

  /// Matches the positional words of `parsed` to `arguments`, in order.
  init(_ parsed: ParsedArguments, arguments: [CommandArgument]) {
    self.parsed = parsed
    var positional: [String: String] = [:]
    var remaining: [String] = []
    for (index, argument) in arguments.enumerated() where index < parsed.positional.count {
      if argument.repeats {
        remaining = Array(parsed.positional[index...])
      } else {
        positional[argument.name] = parsed.positional[index]
      }
    }
    self.positional = positional
    self.remaining = remaining
  }

  /// The values of the option called `name`, in order (empty when not given).
  func values(_ name: String) -> [String] { parsed.values[name] ?? [] }

  /// The value flag `name` was given, when it was.
  func flag(_ name: String) -> Bool? { parsed.flags[name] }
}
