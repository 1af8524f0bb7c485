/// The declaration of a command: its name, summary, options, positional arguments, subcommands
/// and help sections. Parsing (`parse(_:)`), `--help` (`helpText`), the man page
/// (`manPage(date:)`) and the bash and zsh completions (`completionScript(for:)`) all come from
/// this one value, so they cannot disagree.
public struct CommandSpec: Sendable, Equatable {
  /// The command's own word (`check` for `messagevisor-swift ota check`).
  public var name: String
  /// The words that lead to it (`messagevisor-swift ota check`); set by the parent's initializer.
  public private(set) var fullName: String
  /// A one-line summary (shown in the parent's command list and at the top of help).
  public var summary: String
  /// A paragraph shown after the usage lines.
  public var discussion: String
  /// Usage lines after the full name (default: `[options]`, subcommand and arguments).
  public var usage: [String]
  /// The options (a `-h, --help` flag is added to every command).
  public private(set) var options: [CommandOption]
  /// Positional arguments.
  public var arguments: [CommandArgument]
  /// Subcommands, in the order help lists them.
  public private(set) var subcommands: [CommandSpec]
  /// Sections after the options (notes, exit status, files…).
  public var sections: [HelpSection]
  /// Example invocations, one a line.
  public var examples: [String]
  /// Hidden commands run but are not listed.
  public var hidden: Bool

  /// The help flag every command gets.
  public static let helpOption = CommandOption.flag("help", short: "h", help: "Show this help.")

  /// Declares a command. Subcommands get their full names (`parent child`) from here.
  public init(
    _ name: String, summary: String, discussion: String = "", usage: [String] = [],
    options: [CommandOption] = [], arguments: [CommandArgument] = [],
    subcommands: [CommandSpec] = [], sections: [HelpSection] = [], examples: [String] = [],
    hidden: Bool = false
  ) {
    self.name = name
    self.fullName = name
    self.summary = summary
    self.discussion = discussion
    self.usage = usage
    self.options =
      options.contains { $0.name == "help" } ? options : options + [CommandSpec.helpOption]
    self.arguments = arguments
    self.subcommands = []
    self.sections = sections
    self.examples = examples
    self.hidden = hidden
    self.subcommands = subcommands.map { $0.placed(under: name) }
  }

  func placed(under parent: String) -> CommandSpec {
    var copy = self
    copy.fullName = parent + " " + name
    copy.subcommands = subcommands.map { $0.placed(under: copy.fullName) }
    return copy
  }

  /// The subcommand called `name`, if any.
  public func subcommand(_ name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }

  /// The option called `name` (long name without dashes), if any.
  public func option(_ name: String) -> CommandOption? {
    options.first { $0.name == name }
  }

  /// The command and every subcommand below it, depth first.
  public var allCommands: [CommandSpec] {
    [self] + subcommands.flatMap(\.allCommands)
  }

  /// Options shown in help, man pages and completions.
  var visibleOptions: [CommandOption] { options.filter { !$0.hidden } }

  /// Subcommands shown in help, man pages and completions.
  var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.hidden } }
}
