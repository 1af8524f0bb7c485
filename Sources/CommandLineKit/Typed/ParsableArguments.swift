/// A type whose stored properties declare command-line options and arguments with ``Option``,
/// ``Flag``, ``Argument`` and ``OptionGroup``: the declarations are read from a default instance
/// (`init()`), in the order the properties are written, and parsing creates an instance holding
/// the values.
public protocol ParsableArguments {
  /// An instance with every default (every property has one through its wrapper).
  init()
}

extension ParsableArguments {
  /// The options the properties declare, in order.
  public static var declaredOptions: [CommandOption] {
    Declarations.of(Self()).compactMap {
      if case .option(let option) = $0 { return option }
      return nil
    }
  }

  /// The positional arguments the properties declare, in order.
  public static var declaredArguments: [CommandArgument] {
    Declarations.of(Self()).compactMap {
      if case .argument(let argument) = $0 { return argument }
      return nil
    }
  }

  /// An instance holding `parsed`'s values (positional words matched to `arguments` in order).
  /// A value that does not convert is an error of `command` (the full command name).
  public static func bind(
    _ parsed: ParsedArguments, arguments: [CommandArgument], command: String
  ) throws(CommandLineError) -> Self {
    let value = ArgumentBinding.$current.withValue(ArgumentBinding(parsed, arguments: arguments)) {
      Self()
    }
    if let failure = Declarations.errors(of: value).first {
      throw CommandLineError(failure, command: command)
    }
    return value
  }
}
