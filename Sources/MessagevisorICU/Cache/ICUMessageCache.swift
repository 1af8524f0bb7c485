import Foundation

/// A bounded, thread-safe cache of compiled messages (parse results, including parse errors).
///
/// The key is the message text alone: compilation depends on nothing else. Locale, `ignoreTags`,
/// presets, currency and time zone only affect evaluation, which resolves them per call from the
/// payload (a few dictionary lookups) instead of multiplying cache entries. Eviction is FIFO, as in
/// the JavaScript module. Messages longer than ``maximumCachedLength`` UTF-8 bytes are compiled on
/// every call (in linear time) rather than pinned in memory.
public final class ICUMessageCache: @unchecked Sendable {
  /// The default number of entries.
  public static let defaultCapacity = 500
  /// The longest message (UTF-8 bytes) that is cached.
  public static let maximumCachedLength = 64 * 1024

  /// The maximum number of entries.
  public let capacity: Int
  private let lock = NSLock()
  private var entries: [String: Result<ICUMessage, ICUParseError>] = [:]
  private var order: [String] = []
  private var head = 0

  /// Creates an empty cache holding at most `capacity` messages.
  public init(capacity: Int = ICUMessageCache.defaultCapacity) {
    self.capacity = max(1, capacity)
    entries.reserveCapacity(self.capacity)
  }

  /// The number of cached messages.
  public var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return entries.count
  }

  /// The compiled form of `message`, parsing it on a miss.
  ///
  /// - Throws: the (cached) ``ICUParseError`` when the message does not parse.
  public func message(for text: String) throws(ICUParseError) -> ICUMessage {
    try result(for: text).get()
  }

  func result(for text: String) -> Result<ICUMessage, ICUParseError> {
    lock.lock()
    if let cached = entries[text] {
      lock.unlock()
      return cached
    }
    lock.unlock()
    let compiled = Result { () throws(ICUParseError) -> ICUMessage in try ICUParser.parse(text) }
    guard text.utf8.count <= Self.maximumCachedLength else { return compiled }
    lock.lock()
    defer { lock.unlock() }
    if entries[text] == nil {
      if order.count < capacity {
        order.append(text)
      } else {
        entries[order[head]] = nil
        order[head] = text
        head = (head + 1) % capacity
      }
      entries[text] = compiled
    }
    return compiled
  }
}
