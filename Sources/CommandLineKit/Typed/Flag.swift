/// A flag (`--json`, also `--json=true|false|1|0`), declared where it is stored:
///
/// ```swift
/// @Flag(name: "json", help: "Print the result as JSON") var json: Bool
/// @Flag(name: "withIcuModule", help: "…") var withIcuModule: Bool?  // nil when not given
/// ```
@propertyWrapper
public struct Flag<Value: Sendable>: Sendable {
  let option: CommandOption
  var storage: Value

  /// Whether the flag is set (`Bool`), or what it was set to (`Bool?`: `nil` when not given).
  public var wrappedValue: Value {
    get { storage }
    set { storage = newValue }
  }

  /// A flag that is `false` unless given (`--name=false` also leaves it `false`).
  ///
  /// - Parameters:
  ///   - name: The long name without dashes (`json` for `--json`).
  ///   - short: A one-letter alias.
  ///   - help: The help text.
  ///   - hidden: Parsed but not listed in help, man pages or completions.
  public init(name: String, short: Character? = nil, help: String, hidden: Bool = false)
  where Value == Bool {
    option = .flag(name, short: short, help: help, hidden: hidden)
    storage = ArgumentBinding.current?.flag(name) ?? false
  }

  /// A flag that is `nil` unless given, so a default from elsewhere (a config file) can apply.
  /// The parameters are those of the `Bool` flag's initializer.
  public init(name: String, short: Character? = nil, help: String, hidden: Bool = false)
  where Value == Bool? {
    option = .flag(name, short: short, help: help, hidden: hidden)
    storage = ArgumentBinding.current?.flag(name)
  }
}

extension Flag: ArgumentDeclaring {
  var declarations: [ArgumentDeclaration] { [.option(option)] }
  var bindingErrors: [CommandLineError.Reason] { [] }
}
