/// A positional argument of a command (`SITE` in `ota validate SITE`).
public struct CommandArgument: Sendable, Equatable {
  /// The placeholder shown in help, e.g. `SITE`.
  public var name: String
  /// The help text.
  public var help: String
  /// Whether the command can run without it.
  public var optional: Bool
  /// How shells complete it.
  public var kind: CommandOption.ValueKind
  /// Whether it takes every remaining positional word (only the last argument can).
  public var repeats: Bool

  /// Declares a positional argument.
  public init(
    _ name: String, help: String, optional: Bool = false, kind: CommandOption.ValueKind = .text,
    repeats: Bool = false
  ) {
    self.name = name
    self.help = help
    self.optional = optional
    self.kind = kind
    self.repeats = repeats
  }
}
