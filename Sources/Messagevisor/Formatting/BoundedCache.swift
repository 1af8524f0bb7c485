import Foundation

/// A thread-safe cache bounded to `capacity` entries; the oldest insertion is evicted first (FIFO).
final class BoundedCache<Key: Hashable, Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Key: Value] = [:]
  private var order: [Key?]
  private var next = 0
  let capacity: Int

  init(capacity: Int) {
    self.capacity = max(1, capacity)
    self.order = Array(repeating: nil, count: self.capacity)
  }

  /// The cached value for `key`, or the one `make` creates (cached only when `make` succeeds).
  func value<Failure: Error>(for key: Key, make: () throws(Failure) -> Value) throws(Failure)
    -> Value
  {
    lock.lock()
    if let hit = storage[key] {
      lock.unlock()
      return hit
    }
    lock.unlock()
    let created = try make()
    lock.lock()
    defer { lock.unlock() }
    if let raced = storage[key] { return raced }
    if let evicted = order[next] { storage[evicted] = nil }
    order[next] = key
    next = (next + 1) % capacity
    storage[key] = created
    return created
  }

  /// The number of cached entries.
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return storage.count
  }
}

/// The cache key of a formatter: the locale and the complete option bag.
struct FormatterKey: Hashable, Sendable {
  var locale: String
  var options: FormatOptions
}
