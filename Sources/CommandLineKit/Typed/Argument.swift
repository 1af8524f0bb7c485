/// A positional argument (`SITE` in `ota validate SITE`), declared where it is stored:
///
/// ```swift
/// @Argument(name: "DIR", help: "Where to create the project", kind: .directory) var directory: String?
/// @Argument(name: "SITE", help: "The local OTA site directory.") var site = ""  // required
/// ```
///
/// Positional arguments take the command line's positional words in the order they are declared.
@propertyWrapper
public struct Argument<Value> {
  let argument: CommandArgument
  var bound: BoundValue<Value>

  /// The argument's value.
  public var wrappedValue: Value {
    get { bound.value }
    set { bound.value = newValue }
  }

  /// Declares `argument` and binds its word through `conversion`, made into the value by `wrap`.
  init<Element>(
    argument: CommandArgument, initial: Value, conversion: ArgumentConversion<Element>,
    wrap: (Element) -> Value
  ) {
    self.argument = argument
    bound = BoundValue(
      initial, input: ArgumentBinding.current?.positional[argument.name], quoted: { $0 },
      spelling: argument.name, expected: conversion.expected,
      convert: { conversion.convert($0).map(wrap) })
  }
}

extension Argument: Sendable where Value: Sendable {}

extension Argument: ArgumentDeclaring {
  var declarations: [ArgumentDeclaration] { [.argument(argument)] }
  var bindingErrors: [CommandLineError.Reason] { bound.errors }
}

extension Argument {
  /// An optional argument: `nil` when the command line does not give it.
  ///
  /// - Parameters:
  ///   - name: The placeholder in help (`DIR`).
  ///   - help: The help text.
  ///   - kind: How shells complete it.
  public init<Wrapped: ExpressibleByArgument>(
    name: String, help: String, kind: CommandOption.ValueKind = .text
  ) where Value == Wrapped? {
    self.init(
      argument: CommandArgument(name, help: help, optional: true, kind: kind), initial: nil,
      conversion: ArgumentConversion<Wrapped>.argument, wrap: { $0 })
  }

  /// A required argument: the parser refuses a command line without it, so `wrappedValue` (the
  /// declaration's default) is only the value before parsing.
  /// The parameters are those of the optional argument's initializer.
  public init(
    wrappedValue: Value, name: String, help: String, kind: CommandOption.ValueKind = .text
  ) where Value: ExpressibleByArgument {
    self.init(
      argument: CommandArgument(name, help: help, kind: kind), initial: wrappedValue,
      conversion: ArgumentConversion<Value>.argument, wrap: { $0 })
  }
}

extension Argument {
  /// The remaining positional words (none or more), for a last argument such as the command path
  /// of `help COMMAND…`.
  /// The parameters are those of the optional argument's initializer.
  public init<Element: ExpressibleByArgument>(
    name: String, help: String, kind: CommandOption.ValueKind = .text
  ) where Value == [Element] {
    let words = ArgumentBinding.current?.remaining ?? []
    let conversion = ArgumentConversion<Element>.argument
    argument = CommandArgument(name, help: help, optional: true, kind: kind, repeats: true)
    bound = BoundValue(
      [], input: words.isEmpty ? nil : words,
      quoted: { $0.first { conversion.convert($0) == nil } ?? "" }, spelling: name,
      expected: conversion.expected,
      convert: { conversion.values($0, repeats: true, valid: { _ in true }) })
  }
}
