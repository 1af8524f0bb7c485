/// An option with a value (`--target NAME`, `--target=NAME`), declared where it is stored:
///
/// ```swift
/// @Option(name: "target", value: "NAME", help: "Build only this target") var target: String?
/// @Option(name: "severity", value: "LEVEL", help: "…") var severity: LintLevel = .info
/// @Option(name: "locale", value: "LOCALE", help: "…") var locales: [String]  // repeatable
/// ```
///
/// The value is converted with ``ExpressibleByArgument``; a text that does not convert is a usage
/// error naming the option, the text and what was expected.
@propertyWrapper
public struct Option<Value> {
  let option: CommandOption
  var bound: BoundValue<Value>

  /// The option's value (its default when the option was not given).
  public var wrappedValue: Value {
    get { bound.value }
    set { bound.value = newValue }
  }

  /// Declares the option and binds its occurrences: each text through `conversion` (the last
  /// one alone unless `repeats`), the values accepted by `valid` made into the value by `collect`.
  /// `kind` and `expected` replace the conversion's when given.
  init<Element>(
    name: String, value: String, short: Character?, kind: CommandOption.ValueKind?,
    expected: String?, repeats: Bool = false, help: String, hidden: Bool, initial: Value,
    conversion: ArgumentConversion<Element>, valid: (Element) -> Bool = { _ in true },
    collect: ([Element]) -> Value
  ) {
    option = .value(
      name, value, short: short, kind: kind ?? conversion.kind, repeats: repeats, help: help,
      hidden: hidden)
    let texts = ArgumentBinding.current?.values(name) ?? []
    bound = BoundValue(
      initial, input: texts.isEmpty ? nil : texts, quoted: { $0.last ?? "" },
      spelling: option.spelling, expected: expected ?? conversion.expected,
      convert: { conversion.values($0, repeats: repeats, valid: valid).map(collect) })
  }
}

extension Option: Sendable where Value: Sendable {}

extension Option: ArgumentDeclaring {
  var declarations: [ArgumentDeclaration] { [.option(option)] }
  var bindingErrors: [CommandLineError.Reason] { bound.errors }
}

extension Option {
  /// An optional option: `nil` when not given; the last occurrence wins.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes (`target` for `--target`).
  ///   - value: The value's placeholder in help (`NAME`).
  ///   - short: A one-letter alias (`n` for `-n`).
  ///   - kind: How help and shells treat the value (default: the type's choices, else text).
  ///   - expected: What a value that does not convert should be (default: the type's).
  ///   - valid: Whether a converted value is acceptable (a range, say); a value it refuses is
  ///     the same usage error as one that does not convert, quoting the text as typed.
  ///   - help: The help text (`\n` starts a continuation line).
  ///   - hidden: Parsed but not listed in help, man pages or completions.
  public init<Wrapped: ExpressibleByArgument>(
    name: String, value: String, short: Character? = nil, kind: CommandOption.ValueKind? = nil,
    expected: String? = nil, valid: (Wrapped) -> Bool = { _ in true }, help: String,
    hidden: Bool = false
  ) where Value == Wrapped? {
    self.init(
      name: name, value: value, short: short, kind: kind, expected: expected, help: help,
      hidden: hidden, initial: nil, conversion: ArgumentConversion<Wrapped>.argument, valid: valid,
      collect: \.last)
  }

  /// An option with a default, used when the option is not given; the last occurrence wins.
  /// The parameters are those of the optional option's initializer.
  public init(
    wrappedValue: Value, name: String, value: String, short: Character? = nil,
    kind: CommandOption.ValueKind? = nil, expected: String? = nil,
    valid: (Value) -> Bool = { _ in true }, help: String, hidden: Bool = false
  ) where Value: ExpressibleByArgument {
    self.init(
      name: name, value: value, short: short, kind: kind, expected: expected, help: help,
      hidden: hidden, initial: wrappedValue, conversion: ArgumentConversion<Value>.argument,
      valid: valid,
      collect: { $0.last ?? wrappedValue })
  }

  /// A repeatable option: every occurrence, in order (empty when not given).
  /// The parameters are those of the optional option's initializer.
  public init<Element: ExpressibleByArgument>(
    name: String, value: String, short: Character? = nil, kind: CommandOption.ValueKind? = nil,
    expected: String? = nil, help: String, hidden: Bool = false
  ) where Value == [Element] {
    self.init(
      name: name, value: value, short: short, kind: kind, expected: expected, repeats: true,
      help: help, hidden: hidden, initial: [], conversion: ArgumentConversion<Element>.argument,
      collect: { $0 })
  }
}

extension Option {
  /// An optional option whose value is a case of a `String` enum (its raw values are the
  /// choices): `nil` when not given; the last occurrence wins.
  /// The parameters are those of the optional option's initializer.
  public init<Choice: RawRepresentable & CaseIterable & Sendable>(
    name: String, value: String, short: Character? = nil, kind: CommandOption.ValueKind? = nil,
    expected: String? = nil, help: String, hidden: Bool = false
  ) where Value == Choice?, Choice.RawValue == String {
    self.init(
      name: name, value: value, short: short, kind: kind, expected: expected, help: help,
      hidden: hidden, initial: nil, conversion: ArgumentConversion<Choice>.choice, collect: \.last)
  }

  /// An option whose value is a case of a `String` enum, with a default.
  /// The parameters are those of the optional option's initializer.
  public init(
    wrappedValue: Value, name: String, value: String, short: Character? = nil,
    kind: CommandOption.ValueKind? = nil, expected: String? = nil, help: String,
    hidden: Bool = false
  ) where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    self.init(
      name: name, value: value, short: short, kind: kind, expected: expected, help: help,
      hidden: hidden, initial: wrappedValue, conversion: ArgumentConversion<Value>.choice,
      collect: { $0.last ?? wrappedValue })
  }
}
