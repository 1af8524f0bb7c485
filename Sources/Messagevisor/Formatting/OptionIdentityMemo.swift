import Foundation

/// A small memo in front of a `BoundedCache` that recognises an option bag by the identity of its
/// storage instead of hashing it.
///
/// Callers such as compiled ICU messages pass the same `FormatOptions` value on every call;
/// hashing and comparing that dictionary costs more than formatting a number. A dictionary's
/// storage is copy-on-write: while this memo holds a copy, the storage is shared and can never be
/// mutated in place or freed, so an option bag whose storage bits equal a memoised one has
/// identical contents. Any other bag simply misses and goes through the real cache.
final class OptionIdentityMemo<Value>: @unchecked Sendable {
  private struct Slot {
    var locale: String
    var options: FormatOptions
    var bits: UInt
    var value: Value
  }

  private let lock = NSLock()
  private var slots: [Slot] = []
  private var next = 0
  private let capacity: Int

  /// Whether a dictionary is a single storage reference on this platform (otherwise the memo is
  /// bypassed).
  private static var usable: Bool { MemoryLayout<FormatOptions>.size == MemoryLayout<UInt>.size }

  init(capacity: Int = 8) {
    self.capacity = max(1, capacity)
    slots.reserveCapacity(self.capacity)
  }

  private static func bits(of options: FormatOptions) -> UInt {
    withUnsafeBytes(of: options) { $0.loadUnaligned(as: UInt.self) }
  }

  /// The memoised value for exactly this option storage and locale, if any.
  func lookup(locale: String, options: FormatOptions) -> Value? {
    guard Self.usable else { return nil }
    let bits = Self.bits(of: options)
    lock.lock()
    defer { lock.unlock() }
    for slot in slots where slot.bits == bits && slot.locale == locale {
      return slot.value
    }
    return nil
  }

  /// Remembers `value` for this option storage and locale (evicting the oldest slot).
  func store(_ value: Value, locale: String, options: FormatOptions) {
    guard Self.usable else { return }
    let slot = Slot(locale: locale, options: options, bits: Self.bits(of: options), value: value)
    lock.lock()
    defer { lock.unlock() }
    if slots.count < capacity {
      slots.append(slot)
    } else {
      slots[next] = slot
      next = (next + 1) % capacity
    }
  }
}
