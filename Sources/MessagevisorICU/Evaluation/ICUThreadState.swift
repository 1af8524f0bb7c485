import Messagevisor

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One formatter's evaluation state on one thread: a hot table of compiled messages and the
/// small-number and prepared-format memos.
///
/// Confined to its thread, so nothing in it takes a lock or an atomic reference count: the hot
/// path of a cached message reads the thread's state, finds the compiled message and evaluates it
/// without synchronisation. Everything kept here is derived from shared inputs (the message text,
/// the locale, the resolved options) and is identical on every thread, so a per-thread copy
/// changes no result; the shared ``ICUMessageCache`` still parses each message once per formatter.
final class ICUThreadState {
  /// The formatter this state belongs to (``ICUMessageFormatter/serial``).
  let serial: Int
  /// Plural categories and `#` texts of small integers.
  let memo = SmallNumberMemo()
  /// Prepared number and date formats of message arguments.
  let prepared = PreparedFormatMemo()
  /// ``hotSlots`` direct-mapped slots of compiled messages, each holding one reference.
  fileprivate let messages: UnsafeMutablePointer<Unmanaged<ICUMessageCache.Entry>?>
  /// The output buffer of this thread's evaluations (``ICUEvaluator/outputBufferSize`` bytes).
  let outputBuffer: UnsafeMutableBufferPointer<UInt8>

  /// The size of the direct-mapped message table.
  static let hotSlots = 64

  init(serial: Int) {
    self.serial = serial
    messages = .allocate(capacity: Self.hotSlots)
    messages.initialize(repeating: nil, count: Self.hotSlots)
    outputBuffer = .allocate(capacity: ICUEvaluator.outputBufferSize)
  }

  deinit {
    for index in 0..<Self.hotSlots { messages[index]?.release() }
    messages.deinitialize(count: Self.hotSlots)
    messages.deallocate()
    outputBuffer.deallocate()
  }

  /// Calls `body` with the compiled entry of `text` borrowed from the hot table (no reference
  /// counting); on a miss the entry comes from `cache` and replaces the slot (unless the message is
  /// longer than ``ICUMessageCache/maximumCachedLength``). A text that `needsParsing` rejects
  /// (checked on a miss only: a cached text needed it) is not compiled, and the result is `nil`.
  ///
  /// The entry stays alive during `body`: only this thread replaces its slots, and evaluation
  /// never looks up another message.
  @inline(__always)
  func withEntry<Result>(
    _ text: String, cache: ICUMessageCache, needsParsing: (String) -> Bool,
    _ body: (ICUMessageCache.Entry) throws -> Result
  ) rethrows -> Result? {
    let slot = Self.slot(of: text)
    if let hit = messages[slot],
      hit._withUnsafeGuaranteedRef({ $0.text == text })
    {
      return try hit._withUnsafeGuaranteedRef(body)
    }
    guard needsParsing(text) else { return nil }
    let entry = cache.entry(for: text)
    // A message too long for the shared cache is not pinned here either.
    if text.utf8.count <= ICUMessageCache.maximumCachedLength {
      messages[slot]?.release()
      messages[slot] = Unmanaged.passRetained(entry)
    }
    return try body(entry)
  }
}

extension ICUThreadState {
  /// The hot-table slot of `text`: its length mixed with its first and last 8 bytes
  /// (``ByteWords/edgeHash(_:)``, which reads a small string without stalling; a hint only: `==`
  /// decides).
  static func slot(of text: String) -> Int {
    let hash = text.withContiguousUTF8 { ByteWords.edgeHash($0) }
    return Int(truncatingIfNeeded: hash) & (hotSlots - 1)
  }

  /// Whether the hot table holds the compiled form of `text` (for tests).
  func holdsEntry(for text: String) -> Bool {
    let slot = Self.slot(of: text)
    return messages[slot]?._withUnsafeGuaranteedRef({ $0.text == text }) ?? false
  }
}

/// The ICU states of the current thread, one per formatter that evaluated on it (at most
/// ``maximumStates``; the least recently added is dropped first, so states of formatters that no
/// longer exist disappear). Released when the thread exits.
final class ICUThreadStates {
  /// The most formatters whose state a thread keeps.
  static let maximumStates = 8

  private var states: [ICUThreadState] = []
  /// The state used last (the common case is one formatter per thread).
  private var last: Unmanaged<ICUThreadState>?

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { pointer in
      guard let pointer else { return }
      Unmanaged<ICUThreadStates>.fromOpaque(pointer).release()
    }
    return key
  }()

  /// Calls `body` with the calling thread's state for the formatter `serial`, creating it on first
  /// use; the state is borrowed (no reference counting).
  @inline(__always)
  static func withState<Result>(
    serial: Int, _ body: (ICUThreadState) throws -> Result
  ) rethrows -> Result {
    let states: Unmanaged<ICUThreadStates>
    if let pointer = pthread_getspecific(key) {
      states = Unmanaged<ICUThreadStates>.fromOpaque(pointer)
    } else {
      states = Unmanaged.passRetained(ICUThreadStates())
      pthread_setspecific(key, states.toOpaque())
    }
    return try states._withUnsafeGuaranteedRef { states in
      if let last = states.last, last._withUnsafeGuaranteedRef({ $0.serial == serial }) {
        return try last._withUnsafeGuaranteedRef(body)
      }
      let state = states.state(serial: serial)
      return try body(state)
    }
  }

  /// The state of `serial` (slow path: another formatter than the last one).
  @inline(never)
  private func state(serial: Int) -> ICUThreadState {
    let state: ICUThreadState
    if let existing = states.first(where: { $0.serial == serial }) {
      state = existing
    } else {
      state = ICUThreadState(serial: serial)
      if states.count >= Self.maximumStates { states.removeFirst() }
      states.append(state)
    }
    last = Unmanaged.passUnretained(state)
    return state
  }
}
