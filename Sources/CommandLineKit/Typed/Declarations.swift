/// Reads the declarations and conversion failures of an instance's wrappers by reflection.
enum Declarations {
  /// Every declaration of `value`'s wrappers, nested groups included, in property order.
  static func of(_ value: Any) -> [ArgumentDeclaration] {
    Mirror(reflecting: value).children.flatMap {
      ($0.value as? any ArgumentDeclaring)?.declarations ?? []
    }
  }

  /// Every conversion failure of `value`'s wrappers, in property order.
  static func errors(of value: Any) -> [CommandLineError.Reason] {
    Mirror(reflecting: value).children.flatMap {
      ($0.value as? any ArgumentDeclaring)?.bindingErrors ?? []
    }
  }
}
