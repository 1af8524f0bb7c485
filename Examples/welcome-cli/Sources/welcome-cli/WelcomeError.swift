/// A problem that ends the run, with the message to show.
struct WelcomeError: Error, CustomStringConvertible {
  /// What went wrong, for the user.
  var description: String

  /// Creates an error with the message to show.
  init(_ description: String) { self.description = description }
}
