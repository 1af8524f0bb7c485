/// A command: a ``ParsableArguments`` type with a ``configuration`` (name, help texts,
/// subcommands). Its ``spec`` — the `CommandSpec` that parses and generates `--help`, the man
/// page and the shell completions — is derived from the two, so they cannot disagree.
///
/// A command runs by conforming to ``RunnableCommand`` or ``AsyncRunnableCommand`` as well.
public protocol ParsableCommand: ParsableArguments {
  /// The command's name, texts and subcommands.
  static var configuration: CommandConfiguration { get }

  /// Checks what the types cannot (options that exclude each other, a range); thrown errors are
  /// usage errors. An error whose `command` is empty gets the command's full name.
  mutating func validate() throws(CommandLineError)
}

extension ParsableCommand {
  /// Nothing to check by default.
  public mutating func validate() throws(CommandLineError) {}

  /// The declaration of this command and its subcommands.
  public static var spec: CommandSpec {
    let configuration = configuration
    let declarations = Declarations.of(Self())
    return CommandSpec(
      configuration.name, summary: configuration.summary, discussion: configuration.discussion,
      usage: configuration.usage,
      options: declarations.compactMap {
        if case .option(let option) = $0 { return option }
        return nil
      },
      arguments: declarations.compactMap {
        if case .argument(let argument) = $0 { return argument }
        return nil
      },
      subcommands: configuration.subcommands.map { $0.spec }, sections: configuration.sections,
      examples: configuration.examples, hidden: configuration.hidden)
  }

  /// Follows subcommand words from the start of `arguments` to the deepest command they name.
  public static func route(_ arguments: [String]) -> CommandRoute {
    var command: any ParsableCommand.Type = Self.self
    var spec = Self.spec
    var rest = arguments[...]
    while let word = rest.first,
      let index = spec.subcommands.firstIndex(where: { $0.name == word })
    {
      command = command.configuration.subcommands[index]
      spec = spec.subcommands[index]
      rest = rest.dropFirst()
    }
    return CommandRoute(command: command, spec: spec, arguments: Array(rest))
  }

  /// Parses `arguments` (the words after the command's name) as the command `spec` declares:
  /// `nil` when `-h`/`--help` asks for help, else the bound and validated command.
  public static func parse(_ arguments: [String], as spec: CommandSpec)
    throws(CommandLineError) -> Self?
  {
    let parsed = try spec.parse(arguments)
    if parsed.helpRequested { return nil }
    var command = try bind(parsed, arguments: spec.arguments, command: spec.fullName)
    do {
      try command.validate()
    } catch {
      throw error.naming(spec.fullName)
    }
    return command
  }
}
