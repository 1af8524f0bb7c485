extension CommandSpec {
  /// The hidden options that print this tree's man page or a shell completion
  /// (`--generate-man`, `--generate-completions bash|zsh`); `scripts/install` uses them.
  public static let documentationOptions: [CommandOption] = [
    .flag("generate-man", help: "Print the man page (roff) and exit.", hidden: true),
    .value(
      "generate-completions", "SHELL", kind: .choice(CompletionShell.allCases.map(\.rawValue)),
      help: "Print the completion script for SHELL and exit.", hidden: true),
  ]

  /// The man page or completion script `parsed` asks for with ``documentationOptions``, else nil.
  public func documentation(for parsed: ParsedArguments, date: String) -> String? {
    if parsed.flag("generate-man") { return manPage(date: date) }
    if let shell = parsed["generate-completions"].flatMap(CompletionShell.init(rawValue:)) {
      return completionScript(for: shell)
    }
    return nil
  }
}
