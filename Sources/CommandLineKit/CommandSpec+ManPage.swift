extension CommandSpec {
  /// A roff man page (section 1) for this command and every visible subcommand: NAME, SYNOPSIS,
  /// DESCRIPTION, OPTIONS, one COMMANDS entry per subcommand with its own options, the help
  /// sections (exit status, files…) and the examples. `date` goes into the title line.
  public func manPage(date: String) -> String {
    var out: [String] = []
    out.append(
      ".TH \"\(Self.roff(name.uppercased()))\" 1 \"\(Self.roff(date))\" \"\(Self.roff(name))\"")
    out.append(".SH NAME")
    out.append("\(Self.roff(name)) \\- \(Self.roff(summary))")
    out.append(".SH SYNOPSIS")
    for line in usageLines {
      out.append(".B " + Self.roff(line))
      out.append(".br")
    }
    for command in allCommands.dropFirst() where !command.hidden {
      for line in command.usageLines {
        out.append(".B " + Self.roff(line))
        out.append(".br")
      }
    }
    if !discussion.isEmpty {
      out.append(".SH DESCRIPTION")
      out.append(contentsOf: Self.paragraph(discussion))
    }
    out.append(contentsOf: manBody(heading: ".SH"))
    let commands = allCommands.dropFirst().filter { !$0.hidden }
    if !commands.isEmpty {
      out.append(".SH COMMANDS")
      for command in commands {
        out.append(".SS \(Self.roff(command.fullName))")
        out.append(Self.roff(command.summary))
        out.append(".PP")
        if !command.discussion.isEmpty {
          out.append(contentsOf: Self.paragraph(command.discussion))
        }
        out.append(contentsOf: command.manBody(heading: ".PP\n.B"))
      }
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// Arguments, options, sections and examples of this command as roff lines.
  func manBody(heading: String) -> [String] {
    var out: [String] = []
    if !arguments.isEmpty {
      out.append("\(heading) ARGUMENTS")
      for argument in arguments {
        out.append(".TP")
        out.append(".B " + Self.roff(argument.name))
        out.append(Self.roff(argument.help.replacingNewlines()))
      }
    }
    out.append("\(heading) OPTIONS")
    for option in visibleOptions {
      out.append(".TP")
      out.append(".B " + Self.roff(option.synopsis))
      out.append(Self.roff(option.helpWithChoices.replacingNewlines()))
    }
    for section in sections {
      out.append("\(heading) \(Self.roff(section.title.uppercased()))")
      out.append(contentsOf: Self.paragraph(section.body))
    }
    if !examples.isEmpty {
      out.append("\(heading) EXAMPLES")
      out.append(".nf")
      out.append(contentsOf: examples.map(Self.roff))
      out.append(".fi")
    }
    return out
  }

  /// Preformatted text kept line by line (help sections are laid out by hand).
  static func paragraph(_ text: String) -> [String] {
    [".nf"]
      + text.split(separator: "\n", omittingEmptySubsequences: false).map {
        roff(String($0))
      } + [".fi"]
  }

  /// Text made safe for roff: backslashes and dashes escaped, a leading `.` or `'` protected.
  static func roff(_ text: String) -> String {
    var escaped = text.replacingOccurrences("\\", "\\e").replacingOccurrences("-", "\\-")
    if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
    return escaped
  }
}

extension String {
  func replacingOccurrences(_ target: String, _ replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }

  func replacingNewlines() -> String {
    split(separator: "\n").map { $0.trimmingSpaces() }.joined(separator: " ")
  }
}

extension StringProtocol {
  func trimmingSpaces() -> String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
