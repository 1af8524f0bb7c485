extension CommandSpec {
  /// Follows subcommand words from the start of `arguments`: the deepest command they name and
  /// the arguments after its name (`["ota", "check", "--json"]` → `ota check`, `["--json"]`).
  public func route(_ arguments: [String]) -> (command: CommandSpec, rest: [String]) {
    var command = self
    var rest = arguments[...]
    while let word = rest.first, let next = command.subcommand(word) {
      command = next
      rest = rest.dropFirst()
    }
    return (command, Array(rest))
  }

  /// Parses this command's arguments (the words after its name).
  ///
  /// Accepted: `--name VALUE`, `--name=VALUE`, `-n VALUE` (a declared alias), flags `--name`
  /// (and `--name=true|false|1|0`), repeated options (every value kept), positional arguments,
  /// and `--` (everything after it is positional). `-h`/`--help` anywhere before `--` asks for
  /// help and skips validation. Errors name the argument and the fix: an unknown option with the
  /// closest valid one, a missing value, a value outside an option's choices with the valid ones.
  public func parse(_ arguments: [String]) throws(CommandLineError) -> ParsedArguments {
    var result = ParsedArguments()
    let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
    if arguments[..<end].contains(where: { $0 == "--help" || $0 == "-h" }) {
      result.helpRequested = true
      return result
    }
    var index = 0
    while index < end {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("-"), argument != "-" else {
        result.positional.append(argument)
        continue
      }
      let option: CommandOption
      var inline: String?
      if argument.hasPrefix("--") {
        var name = Substring(argument.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inline = String(name[name.index(after: equals)...])
          name = name[..<equals]
        }
        guard let found = options.first(where: { $0.name == name }) else {
          throw unknownOption("--" + name)
        }
        option = found
      } else {
        let name = argument.dropFirst()
        guard name.count == 1, let found = options.first(where: { $0.short == name.first })
        else { throw unknownOption(argument) }
        option = found
      }
      if !option.takesValue {
        if let inline {
          guard let value = ["true": true, "false": false, "1": true, "0": false][inline] else {
            throw CommandLineError(
              .invalidValue(option.spelling, inline, expected: "true or false"), command: fullName
            )
          }
          result.flags[option.name] = value
        } else {
          result.flags[option.name] = true
        }
        continue
      }
      let value: String
      if let inline {
        value = inline
      } else {
        guard index < end else {
          throw CommandLineError(.missingValue(option.spelling), command: fullName)
        }
        value = arguments[index]
        index += 1
      }
      if !option.choices.isEmpty, !option.choices.contains(value) {
        throw CommandLineError(
          .invalidValue(
            option.spelling, value, expected: "one of " + option.choices.joined(separator: ", ")),
          command: fullName)
      }
      result.values[option.name, default: []].append(value)
    }
    if end < arguments.endIndex {
      result.positional += arguments[(end + 1)...]
    }
    try checkPositional(result.positional)
    return result
  }

  func checkPositional(_ positional: [String]) throws(CommandLineError) {
    if positional.count > arguments.count, arguments.last?.repeats != true {
      let extra = positional[arguments.count]
      if arguments.isEmpty, !subcommands.isEmpty {
        let names = visibleSubcommands.map(\.name)
        throw CommandLineError(
          .unknownSubcommand(
            extra, suggestion: Suggestion.closest(to: extra, in: names), valid: names),
          command: fullName)
      }
      throw CommandLineError(.unexpectedArgument(extra), command: fullName)
    }
    if let missing = arguments.dropFirst(positional.count).first(where: { !$0.optional }) {
      throw CommandLineError(.missing(missing.name), command: fullName)
    }
  }

  func unknownOption(_ spelling: String) -> CommandLineError {
    let names = visibleOptions.map(\.spelling)
    return CommandLineError(
      .unknownOption(spelling, suggestion: Suggestion.closest(to: spelling, in: names)),
      command: fullName)
  }
}
