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

  init(
    option: CommandOption, initial: Value, expected: String,
    convert: ([String]) -> Value?
  ) {
    self.option = option
    let values = ArgumentBinding.current?.values(option.name) ?? []
    bound = BoundValue(
      initial, input: values.isEmpty ? nil : values, quoted: { $0.last ?? "" },
      spelling: option.spelling, expected: expected, convert: convert)
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
      option: .value(
        name, value, short: short, kind: kind ?? Wrapped.defaultValueKind, help: help,
        hidden: hidden),
      initial: nil, expected: expected ?? Wrapped.expectedDescription,
      convert: { texts -> Wrapped?? in
        guard let value = texts.last.flatMap(Wrapped.init(argument:)), valid(value) else {
          return nil
        }
        return .some(.some(value))
      })
  }

  /// An option with a default, used when the option is not given; the last occurrence wins.
  /// The parameters are those of the optional option's initializer.
  public init(
    wrappedValue: Value, name: String, value: String, short: Character? = nil,
    kind: CommandOption.ValueKind? = nil, expected: String? = nil,
    valid: (Value) -> Bool = { _ in true }, help: String, hidden: Bool = false
  ) where Value: ExpressibleByArgument {
    self.init(
      option: .value(
        name, value, short: short, kind: kind ?? Value.defaultValueKind, help: help,
        hidden: hidden),
      initial: wrappedValue, expected: expected ?? Value.expectedDescription,
      convert: { texts in
        guard let value = texts.last.flatMap(Value.init(argument:)), valid(value) else {
          return nil
        }
        return value
      })
  }

  /// A repeatable option: every occurrence, in order (empty when not given).
  /// The parameters are those of the optional option's initializer.
  public init<Element: ExpressibleByArgument>(
    name: String, value: String, short: Character? = nil, kind: CommandOption.ValueKind? = nil,
    expected: String? = nil, help: String, hidden: Bool = false
  ) where Value == [Element] {
    self.init(
      option: .value(
        name, value, short: short, kind: kind ?? Element.defaultValueKind, repeats: true,
        help: help, hidden: hidden),
      initial: [], expected: expected ?? Element.expectedDescription,
      convert: { texts in
        let values = texts.compactMap(Element.init(argument:))
        return values.count == texts.count ? values : nil
      })
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
      option: .value(
        name, value, short: short, kind: kind ?? .choice(CaseChoices.of(Choice.self)), help: help,
        hidden: hidden),
      initial: nil, expected: expected ?? CaseChoices.expected(Choice.self),
      convert: { $0.last.flatMap(Choice.init(rawValue:)).map { .some($0) } })
  }

  /// An option whose value is a case of a `String` enum, with a default.
  /// The parameters are those of the optional option's initializer.
  public init(
    wrappedValue: Value, name: String, value: String, short: Character? = nil,
    kind: CommandOption.ValueKind? = nil, expected: String? = nil, help: String,
    hidden: Bool = false
  ) where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    self.init(
      option: .value(
        name, value, short: short, kind: kind ?? .choice(CaseChoices.of(Value.self)), help: help,
        hidden: hidden),
      initial: wrappedValue, expected: expected ?? CaseChoices.expected(Value.self),
      convert: { $0.last.flatMap(Value.init(rawValue:)) })
  }
}
