/// One declaration of a property wrapper.
enum ArgumentDeclaration: Sendable {
  /// An option or flag.
  case option(CommandOption)
  /// A positional argument.
  case argument(CommandArgument)
}
