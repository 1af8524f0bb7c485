import Foundation

/// A value guarded by a lock: the package's one lock type, used by the engine, the OTA client,
/// the project toolchain and the previewer (as swift-nio's `NIOLockedValueBox`).
///
/// `NSLock` keeps it portable to every platform the package supports. The engine's translate
/// path does not use it (it has its own futex, `CEngineLock`).
public final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  /// A lock guarding `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value and returns its result.
  @inline(__always)
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
