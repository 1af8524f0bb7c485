extension CommandSpec {
  /// The `--help` text: summary, usage, discussion, commands, arguments, options, the sections
  /// and the examples.
  public var helpText: String {
    var blocks: [String] = []
    blocks.append("\(fullName) — \(summary)")
    blocks.append("USAGE\n" + usageLines.map { "  " + $0 }.joined(separator: "\n"))
    if !discussion.isEmpty { blocks.append(discussion) }
    if !visibleSubcommands.isEmpty {
      blocks.append(
        "COMMANDS\n"
          + Self.table(visibleSubcommands.map { ($0.name, $0.summary) })
          + "\n\nRun `\(fullName) <command> --help` for a command's options.")
    }
    if !arguments.isEmpty {
      blocks.append("ARGUMENTS\n" + Self.table(arguments.map { ($0.name, $0.help) }))
    }
    blocks.append(
      "OPTIONS\n" + Self.table(visibleOptions.map { ($0.synopsis, $0.helpWithChoices) })
        + "\n  Options take --name VALUE or --name=VALUE; -- ends the options.")
    for section in sections {
      blocks.append(section.title.uppercased() + "\n" + Self.indented(section.body))
    }
    if !examples.isEmpty {
      blocks.append("EXAMPLES\n" + examples.map { "  " + $0 }.joined(separator: "\n"))
    }
    return blocks.joined(separator: "\n\n")
  }

  /// The synopsis lines (without the leading two spaces).
  var usageLines: [String] {
    if !usage.isEmpty { return usage.map { "\(fullName) \($0)" } }
    var line = fullName
    if !visibleSubcommands.isEmpty { line += " <command>" }
    line += " [options]"
    for argument in arguments {
      line += argument.optional ? " [\(argument.name)]" : " \(argument.name)"
    }
    return [line]
  }

  /// Two columns: names padded to the widest (at most 24), help continued on aligned lines.
  static func table(_ rows: [(String, String)]) -> String {
    let width = min(24, rows.map(\.0.count).max() ?? 0)
    return rows.map { name, help in
      let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let pad = String(repeating: " ", count: width + 4)
      var first: String
      var rest = lines.dropFirst().map { pad + $0 }
      if name.count > width {
        first = "  " + name
        rest.insert(pad + (lines.first ?? ""), at: 0)
      } else {
        first =
          "  " + name + String(repeating: " ", count: width - name.count) + "  "
          + (lines.first ?? "")
      }
      first = String(first.reversed().drop { $0 == " " }.reversed())
      return ([first] + rest).joined(separator: "\n")
    }.joined(separator: "\n")
  }

  static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
  }
}

extension CommandOption {
  /// The help with the valid values of a choice option appended.
  var helpWithChoices: String {
    choices.isEmpty || help.contains(choices[0])
      ? help : help + " (" + choices.joined(separator: ", ") + ")"
  }
}
