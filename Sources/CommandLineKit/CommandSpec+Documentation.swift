extension CommandSpec {
  /// The hidden options that print this tree's man page or a shell completion
  /// (`--generate-man`, `--generate-completions bash|zsh`); `scripts/install` uses them.
  public static let documentationOptions: [CommandOption] = DocumentationOptions.declaredOptions

  /// The man page or completion script `parsed` asks for with ``documentationOptions``, else nil.
  public func documentation(for parsed: ParsedArguments, date: String) -> String? {
    let options = try? DocumentationOptions.bind(parsed, arguments: [], command: fullName)
    return options?.text(for: self, date: date)
  }
}
