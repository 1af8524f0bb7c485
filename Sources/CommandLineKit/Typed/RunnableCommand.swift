/// A command that runs synchronously with a program's `Context` (where it writes, for example)
/// and returns its exit status. Usage errors it finds are thrown (an empty `command` gets the
/// command's full name from the program's dispatcher).
public protocol RunnableCommand<Context>: ParsableCommand {
  /// What the program gives every command.
  associatedtype Context
  /// Does the command's work; returns the exit status.
  mutating func run(_ context: Context) throws(CommandLineError) -> Int32
}

/// A command that runs asynchronously (network, waiting); otherwise as ``RunnableCommand``.
public protocol AsyncRunnableCommand<Context>: ParsableCommand {
  /// What the program gives every command.
  associatedtype Context
  /// Does the command's work; returns the exit status.
  mutating func run(_ context: Context) async throws(CommandLineError) -> Int32
}
