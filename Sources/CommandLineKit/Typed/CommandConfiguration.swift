/// What a ``ParsableCommand`` says about itself besides its options and arguments: its name,
/// texts for help and man pages, and its subcommands (as types, in the order help lists them).
///
/// Sendable although it holds metatypes (which Swift 6.0 does not call `Sendable`): a metatype is
/// an immutable reference to type metadata, safe to share between threads.
public struct CommandConfiguration: @unchecked Sendable {
  /// The command's own word (`check` for `messagevisor-swift ota check`).
  public var name: String
  /// A one-line summary.
  public var summary: String
  /// A paragraph shown after the usage lines.
  public var discussion: String
  /// Usage lines after the full name (default: `[options]`, subcommand and arguments).
  public var usage: [String]
  /// The subcommands.
  public var subcommands: [any ParsableCommand.Type]
  /// Sections after the options (notes, exit status, files…).
  public var sections: [HelpSection]
  /// Example invocations, one a line.
  public var examples: [String]
  /// Hidden commands run but are not listed.
  public var hidden: Bool

  /// Describes a command; the parameters are those of `CommandSpec`'s initializer.
  public init(
    _ name: String, summary: String, discussion: String = "", usage: [String] = [],
    subcommands: [any ParsableCommand.Type] = [], sections: [HelpSection] = [],
    examples: [String] = [], hidden: Bool = false
  ) {
    self.name = name
    self.summary = summary
    self.discussion = discussion
    self.usage = usage
    self.subcommands = subcommands
    self.sections = sections
    self.examples = examples
    self.hidden = hidden
  }
}
