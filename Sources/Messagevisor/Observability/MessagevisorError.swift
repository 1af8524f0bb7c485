import Foundation

/// An error thrown by engine operations (missing locale, invalid format options, …).
public struct MessagevisorError: Error, LocalizedError, Sendable, Equatable, CustomStringConvertible
{
  /// What went wrong.
  public var message: String

  /// Creates an error with `message` (also its `localizedDescription`).
  public init(_ message: String) { self.message = message }

  /// The message.
  public var errorDescription: String? { message }
  /// The message.
  public var description: String { message }
}
