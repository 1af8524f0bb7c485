import Foundation

/// A thread-safe list, for collecting callbacks (diagnostics, events, payloads) in tests.
public final class Collector<Element: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Element] = []

  /// An empty list.
  public init() {}

  /// Appends `element`.
  public func append(_ element: Element) {
    lock.lock()
    storage.append(element)
    lock.unlock()
  }

  /// Everything appended so far, in order.
  public var items: [Element] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }

  /// Forgets everything appended so far.
  public func removeAll() {
    lock.lock()
    storage.removeAll()
    lock.unlock()
  }
}
