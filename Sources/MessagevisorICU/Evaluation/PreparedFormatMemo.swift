import Foundation
@_spi(MessagevisorModules) import Messagevisor

/// A small memo of prepared number and date formats for the arguments of compiled messages, so the
/// hot path neither builds option dictionaries nor hashes them.
///
/// A slot is keyed by everything that determines the resolved options: the argument kind, its
/// style (preset name or skeleton source), the locale, the currency (named number styles), the
/// time zone (dates and times) and the *identity* of the payload's preset table
/// (`formats.number`, `.date` or `.time`). The slot keeps a copy of that table, so its
/// copy-on-write storage stays alive and unmodified: equal storage bits mean equal contents. A
/// table with new storage simply misses and is prepared again, so results are never stale.
/// Strings compare by their storage first, so repeated calls with the same locale string are
/// cheap. Bounded: ``capacity`` slots, replaced round-robin. Confined to one thread (an
/// `ICUThreadState`), so it takes no lock.
final class PreparedFormatMemo {
  /// What a slot formats.
  enum Kind: UInt8 {
    case numberDefault, numberNamed, numberSkeleton, dateNamed, dateSkeleton, timeNamed,
      timeSkeleton
  }

  /// A prepared number or date formatter (a class, so a hit is borrowed rather than copied).
  final class Prepared {
    let number: PreparedNumberFormat?
    let date: PreparedDateFormat?
    /// The options the date format was prepared from (for `invalid_format` details).
    let dateOptions: FormatOptions

    init(number: PreparedNumberFormat) {
      self.number = number
      date = nil
      dateOptions = [:]
    }

    init(date: PreparedDateFormat, options: FormatOptions) {
      number = nil
      self.date = date
      dateOptions = options
    }
  }

  private struct Slot {
    var kind: Kind
    var presetBits: UInt
    var style: String
    var locale: String
    var currency: String?
    var timeZone: String
    var presets: [String: FormatOptions]?
    var prepared: Prepared
  }

  /// The most slots kept at once.
  let capacity: Int
  /// `count` initialized slots out of `capacity` (a raw buffer: reading a slot costs no retain of
  /// array storage).
  private let slots: UnsafeMutablePointer<Slot>
  private var count = 0
  private var next = 0

  init(capacity: Int = 64) {
    self.capacity = max(1, capacity)
    slots = .allocate(capacity: self.capacity)
  }

  deinit {
    slots.deinitialize(count: count)
    slots.deallocate()
  }

  /// Whether an optional dictionary is one storage word on this platform (otherwise the memo is
  /// bypassed).
  static var usable: Bool {
    MemoryLayout<[String: FormatOptions]?>.size == MemoryLayout<UInt>.size
  }

  @inline(__always)
  private static func bits(of presets: [String: FormatOptions]?) -> UInt {
    withUnsafeBytes(of: presets) { $0.loadUnaligned(as: UInt.self) }
  }

  /// The prepared formatter for this key, if memoised; unretained (the slot keeps it until a
  /// later ``store(_:_:style:locale:currency:timeZone:presets:)`` on this thread).
  @inline(__always)
  func lookup(
    _ kind: Kind, style: String, locale: String, currency: String?, timeZone: String,
    presets: [String: FormatOptions]?
  ) -> Unmanaged<Prepared>? {
    guard Self.usable else { return nil }
    let bits = Self.bits(of: presets)
    for index in 0..<count
    where slots[index].kind == kind && slots[index].presetBits == bits
      && slots[index].style == style && slots[index].locale == locale
      && slots[index].currency == currency && slots[index].timeZone == timeZone
    {
      return Unmanaged.passUnretained(slots[index].prepared)
    }
    return nil
  }

  /// Remembers `prepared` for this key (replacing the oldest slot when full).
  func store(
    _ prepared: Prepared, _ kind: Kind, style: String, locale: String, currency: String?,
    timeZone: String, presets: [String: FormatOptions]?
  ) {
    guard Self.usable else { return }
    let slot = Slot(
      kind: kind, presetBits: Self.bits(of: presets), style: style, locale: locale,
      currency: currency, timeZone: timeZone, presets: presets, prepared: prepared)
    if count < capacity {
      (slots + count).initialize(to: slot)
      count += 1
    } else {
      slots[next] = slot
      next = (next + 1) % capacity
    }
  }
}
