/// A problem that ends the run, with the message to show.
struct WelcomeError: Error, CustomStringConvertible {
  /// What went wrong, for the user.
  var description: String
  /// Whether the command line was wrong (the usage is shown after the message).
  var isUsage: Bool

  /// Creates an error with the message to show.
  init(_ description: String, isUsage: Bool = false) {
    self.description = description
    self.isUsage = isUsage
  }

  /// A mistake on the command line.
  static func usage(_ description: String) -> WelcomeError {
    WelcomeError(description, isUsage: true)
  }
}
