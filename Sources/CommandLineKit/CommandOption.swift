/// One option of a command: a flag (`--json`) or an option with a value (`--target NAME`,
/// `--target=NAME`), optionally repeatable and with a one-letter alias (`-n 5`, `-h`).
public struct CommandOption: Sendable, Equatable {
  /// What a value option's value is, for help, man pages and shell completion.
  public enum ValueKind: Sendable, Equatable {
    /// Any text.
    case text
    /// A file path (completed as files).
    case file
    /// A directory path (completed as directories).
    case directory
    /// One of a fixed list (validated, listed in help and completed).
    case choice([String])
  }

  /// The long name without dashes, e.g. `target` for `--target`.
  public var name: String
  /// The one-letter alias without the dash, e.g. `n` for `-n`.
  public var short: Character?
  /// The value's placeholder in help (`NAME` in `--target NAME`), or `nil` for a flag.
  public var valueName: String?
  /// What the value is (ignored for flags).
  public var valueKind: ValueKind
  /// Whether every occurrence is kept (`--locale de --locale fr`); otherwise the last one wins.
  public var repeats: Bool
  /// The help text; `\n` starts a continuation line aligned with the first.
  public var help: String
  /// Hidden options are parsed but not listed in help, man pages or completions.
  public var hidden: Bool

  /// A flag: `--name` (also `--name=true|false|1|0`).
  public static func flag(
    _ name: String, short: Character? = nil, help: String, hidden: Bool = false
  ) -> CommandOption {
    CommandOption(
      name: name, short: short, valueName: nil, valueKind: .text, repeats: false, help: help,
      hidden: hidden)
  }

  /// An option with a value: `--name VALUE` or `--name=VALUE`.
  public static func value(
    _ name: String, _ valueName: String, short: Character? = nil, kind: ValueKind = .text,
    repeats: Bool = false, help: String, hidden: Bool = false
  ) -> CommandOption {
    CommandOption(
      name: name, short: short, valueName: valueName, valueKind: kind, repeats: repeats,
      help: help, hidden: hidden)
  }

  /// Whether the option takes a value.
  public var takesValue: Bool { valueName != nil }

  /// `--name` (the spelling used in messages).
  public var spelling: String { "--" + name }

  /// The valid values of a choice option, else empty.
  public var choices: [String] {
    if case .choice(let values) = valueKind { return values }
    return []
  }

  /// `-n, --name VALUE` as shown in help.
  var synopsis: String {
    var text = short.map { "-\($0), " } ?? ""
    text += spelling
    if let valueName { text += " " + valueName }
    return text
  }
}
