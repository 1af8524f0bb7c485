/// A lint rule: its code, default level and what it checks (the SARIF rule and `--help` text).
public struct LintRule: Sendable, Equatable {
  /// The code findings carry (`invalid_icu_syntax`, `plural_categories`, …).
  public var code: String
  /// The level findings get unless the config says otherwise.
  public var level: LintLevel
  /// What the rule checks and how to fix what it reports.
  public var help: String
  /// Whether upstream's `lint` has this code (the rest go beyond it).
  public var upstream: Bool

  /// Creates a rule.
  public init(code: String, level: LintLevel, upstream: Bool, help: String) {
    self.code = code
    self.level = level
    self.help = help
    self.upstream = upstream
  }
}
