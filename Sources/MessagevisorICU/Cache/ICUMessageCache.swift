import Foundation

/// A bounded, thread-safe cache of compiled messages (parse results, including parse errors).
///
/// The key is the message text alone: compilation depends on nothing else. Locale, `ignoreTags`,
/// presets, currency and time zone only affect evaluation, which resolves them per call from the
/// payload (a few dictionary lookups) instead of multiplying cache entries. Eviction is FIFO, as in
/// the JavaScript module. Messages longer than ``maximumCachedLength`` UTF-8 bytes are compiled on
/// every call (in linear time) rather than pinned in memory.
///
/// Lookups first try a small direct-mapped table indexed by a cheap content fingerprint (length and
/// a few bytes) and confirmed with `==`, which is a pointer comparison when the caller passes the
/// same string storage again (datafile strings, literals). Only on a miss is the message hashed
/// for the main table. The hot table holds at most ``hotSlots`` extra references.
public final class ICUMessageCache: @unchecked Sendable {
  /// The default number of entries.
  public static let defaultCapacity = 500
  /// The longest message (UTF-8 bytes) that is cached.
  public static let maximumCachedLength = 64 * 1024

  /// The size of the direct-mapped hot table.
  public static let hotSlots = 64

  private struct HotEntry {
    var text: String
    var result: Result<ICUMessage, ICUParseError>
  }

  private var hot: [HotEntry?] = Array(repeating: nil, count: ICUMessageCache.hotSlots)

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
    let slot = Self.fingerprint(text) & (Self.hotSlots - 1)
    lock.lock()
    if let entry = hot[slot], entry.text == text {
      lock.unlock()
      return entry.result
    }
    if let cached = entries[text] {
      hot[slot] = HotEntry(text: text, result: cached)
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
      hot[slot] = HotEntry(text: text, result: compiled)
    }
    return compiled
  }

  /// Length mixed with up to 8 leading and 8 trailing bytes (a hint only; `==` decides).
  static func fingerprint(_ text: String) -> Int {
    var copy = text
    return copy.withUTF8 { bytes in
      var hash = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
      let count = bytes.count
      for index in 0..<min(8, count) {
        hash = (hash ^ UInt64(bytes[index])) &* 0x1000_0000_01B3
      }
      if count > 8 {
        for index in max(8, count - 8)..<count {
          hash = (hash ^ UInt64(bytes[index])) &* 0x1000_0000_01B3
        }
      }
      return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
  }
}
