/// A property wrapper that declares arguments and may have failed to convert a value.
protocol ArgumentDeclaring {
  /// What it declares, in order.
  var declarations: [ArgumentDeclaration] { get }
  /// Values that did not convert, in order.
  var bindingErrors: [CommandLineError.Reason] { get }
}
