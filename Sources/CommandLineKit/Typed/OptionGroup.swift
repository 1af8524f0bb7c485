/// Options declared once and shared by several commands (the project options of every project
/// command), declared where they are stored:
///
/// ```swift
/// @OptionGroup var project: ProjectOptions
/// @OptionGroup(excluding: ["withIcuModule"]) var project: ProjectOptions
/// ```
///
/// The group's options take the group's place among the command's declarations.
@propertyWrapper
public struct OptionGroup<Value: ParsableArguments> {
  var storage: Value
  let excluded: Set<String>

  /// The group's values.
  public var wrappedValue: Value {
    get { storage }
    set { storage = newValue }
  }

  /// Declares the group's options, leaving out those named in `excluding` (long names).
  public init(excluding: [String] = []) {
    storage = Value()
    excluded = Set(excluding)
  }
}

extension OptionGroup: Sendable where Value: Sendable {}

extension OptionGroup: ArgumentDeclaring {
  var declarations: [ArgumentDeclaration] {
    Declarations.of(storage).filter {
      guard case .option(let option) = $0 else { return true }
      return !excluded.contains(option.name)
    }
  }

  var bindingErrors: [CommandLineError.Reason] { Declarations.errors(of: storage) }
}
