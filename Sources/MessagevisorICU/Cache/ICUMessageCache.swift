import Foundation

/// A bounded, thread-safe cache of compiled messages (parse results, including parse errors).
///
/// The key is the message text alone: compilation depends on nothing else. Locale, `ignoreTags`,
/// presets, currency and time zone only affect evaluation, which resolves them per call from the
/// payload (a few dictionary lookups) instead of multiplying cache entries. Eviction is FIFO, as in
/// the JavaScript module. Messages longer than ``maximumCachedLength`` UTF-8 bytes are compiled on
/// every call (in linear time) rather than pinned in memory.
///
/// The module reaches this cache only when the calling thread's own hot table
/// (`ICUThreadState`) misses, so a lookup here takes the lock and hashes the message.
public final class ICUMessageCache: @unchecked Sendable {
  /// The default number of entries.
  public static let defaultCapacity = 500
  /// The longest message (UTF-8 bytes) that is cached.
  public static let maximumCachedLength = 64 * 1024

  /// One compiled message: the parsed form and its program, or the parse error.
  final class Entry: Sendable {
    let text: String
    let message: ICUMessage?
    /// `message` compiled for evaluation (an empty program when the text does not parse).
    /// Not optional, so evaluation can borrow it from the entry.
    let program: ICUProgram
    let error: ICUParseError?

    init(text: String, result: Result<ICUMessage, ICUParseError>) {
      self.text = text
      switch result {
      case .success(let message):
        self.message = message
        self.program = ICUProgram(message)
        self.error = nil
      case .failure(let error):
        self.message = nil
        self.program = ICUProgram(ICUMessage(nodes: []))
        self.error = error
      }
    }
  }

  /// The maximum number of entries.
  public let capacity: Int
  private let lock = NSLock()
  private var entries: [String: Entry] = [:]
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
    let entry = self.entry(for: text)
    if let message = entry.message { return message }
    throw entry.error ?? ICUParseError(offset: 0, expected: "a message")
  }

  /// The cached entry for `text`, compiling it on a miss.
  func entry(for text: String) -> Entry {
    lock.lock()
    if let cached = entries[text] {
      lock.unlock()
      return cached
    }
    lock.unlock()
    let compiled = Entry(
      text: text,
      result: Result { () throws(ICUParseError) -> ICUMessage in try ICUParser.parse(text) })
    guard text.utf8.count <= Self.maximumCachedLength else { return compiled }
    lock.lock()
    defer { lock.unlock() }
    if let raced = entries[text] { return raced }
    if order.count < capacity {
      order.append(text)
    } else {
      entries[order[head]] = nil
      order[head] = text
      head = (head + 1) % capacity
    }
    entries[text] = compiled
    return compiled
  }
}
