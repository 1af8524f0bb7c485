/// Why a ``ProjectWatcher`` could not start.
public struct ProjectWatcherError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong and what to do about it.
  public var description: String

  /// Creates an error.
  public init(_ description: String) {
    self.description = description
  }
}
