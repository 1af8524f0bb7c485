import Foundation

/// A value guarded by an `NSLock` (portable to every platform the package supports).
@_spi(MessagevisorModules) public final class LockedBox<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  /// A box holding `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  @inline(__always)
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
