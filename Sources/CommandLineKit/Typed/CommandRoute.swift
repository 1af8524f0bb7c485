/// A command found by ``ParsableCommand/route(_:)``: its type, its declaration (with its full
/// name) and the arguments after its name.
public struct CommandRoute {
  /// The command's type.
  public var command: any ParsableCommand.Type
  /// Its declaration, with the full name (`messagevisor-swift ota check`).
  public var spec: CommandSpec
  /// The words after the command's name.
  public var arguments: [String]

  /// What the command line asks for: help on ``spec``, or the command to run.
  public enum Parsed {
    /// `-h`/`--help` was given: show the help of this command.
    case help(CommandSpec)
    /// The bound, validated command.
    case command(any ParsableCommand)
  }

  /// Parses ``arguments`` as ``command``.
  public func parse() throws(CommandLineError) -> Parsed {
    guard let command = try command.parse(arguments, as: spec) else { return .help(spec) }
    return .command(command)
  }
}
