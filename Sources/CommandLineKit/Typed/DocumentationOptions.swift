/// The hidden options that print a program's man page or a shell completion
/// (`--generate-man`, `--generate-completions bash|zsh`; `scripts/install` uses them): add them
/// to the root command with `@OptionGroup var documentation: DocumentationOptions`.
public struct DocumentationOptions: ParsableArguments, Sendable {
  /// `--generate-man`.
  @Flag(name: "generate-man", help: "Print the man page (roff) and exit.", hidden: true)
  public var manPage: Bool

  /// `--generate-completions SHELL`.
  @Option(
    name: "generate-completions", value: "SHELL",
    help: "Print the completion script for SHELL and exit.", hidden: true)
  public var completions: CompletionShell?

  /// No documentation asked for.
  public init() {}

  /// The man page or completion script of `spec` these options ask for, else `nil`.
  public func text(for spec: CommandSpec, date: String) -> String? {
    if manPage { return spec.manPage(date: date) }
    if let completions { return spec.completionScript(for: completions) }
    return nil
  }
}
