import Foundation
@_spi(MessagevisorModules) import Messagevisor

/// Per-locale memo of what plural arguments need for the integers 0…999: the default decimal text
/// (`#`) and the cardinal and ordinal CLDR categories.
///
/// Each slot is filled on first use from the same ``NativeFormatters`` call a miss would make, so
/// the memo never changes results; it only avoids formatter work for the counts messages use most.
/// Confined to one thread (an `ICUThreadState`), so it takes no lock.
/// Categories are kept as ``ICUPlural/Slot`` codes, so a hit selects the branch without comparing
/// category names. Bounded: at most ``maximumLocales`` locales (the oldest is dropped first), 1,000
/// slots each.
final class SmallNumberMemo {
  /// The memoized range.
  static let range = 0..<1000
  /// The most locales kept at once.
  static let maximumLocales = 32

  /// One locale's slots: decimal texts and the cardinal and ordinal category codes (0 = unknown).
  /// Raw buffers instead of arrays in class properties: reading a slot then costs no copy-on-write
  /// check and no dynamic exclusivity check.
  private final class Table {
    /// The table's buffers (a plain value: handing it around costs no reference counting).
    struct Slots {
      let decimals: UnsafeMutablePointer<String?>
      let cardinal: UnsafeMutablePointer<UInt8>
      let ordinal: UnsafeMutablePointer<UInt8>
    }

    let slots: Slots

    init() {
      let count = SmallNumberMemo.range.count
      let decimals = UnsafeMutablePointer<String?>.allocate(capacity: count)
      decimals.initialize(repeating: nil, count: count)
      let cardinal = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
      cardinal.initialize(repeating: 0, count: count)
      let ordinal = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
      ordinal.initialize(repeating: 0, count: count)
      slots = Slots(decimals: decimals, cardinal: cardinal, ordinal: ordinal)
    }

    deinit {
      slots.decimals.deinitialize(count: SmallNumberMemo.range.count)
      slots.decimals.deallocate()
      slots.cardinal.deallocate()
      slots.ordinal.deallocate()
    }
  }

  /// A memo hit for a plural argument.
  struct PluralHit {
    /// The category's branch slot, when memoized.
    var slot: ICUPlural.Slot?
    /// The decimal text of the number (what `#` prints), when memoized.
    var text: String?
  }

  private var tables: [String: Table] = [:]
  private var order: [String] = []
  /// The most recently used locale and its table: callers usually pass the same string storage
  /// again, so `==` is a pointer comparison and the dictionary is not hashed.
  /// The buffers of the table of `lastLocale` (owned by `tables`).
  private var lastLocale = ""
  private var lastSlots: Table.Slots?

  private func slots(for locale: String) -> Table.Slots? {
    if let lastSlots, lastLocale == locale { return lastSlots }
    guard let table = tables[locale] else { return nil }
    lastLocale = locale
    lastSlots = table.slots
    return table.slots
  }

  private func slotsCreating(for locale: String) -> Table.Slots {
    if let existing = slots(for: locale) { return existing }
    if order.count >= Self.maximumLocales {
      let oldest = order.removeFirst()
      tables[oldest] = nil
      if lastLocale == oldest {
        lastLocale = ""
        lastSlots = nil
      }
    }
    let table = Table()
    tables[locale] = table
    order.append(locale)
    lastLocale = locale
    lastSlots = table.slots
    return table.slots
  }

  /// The memoized decimal text of `value` in `locale`.
  func decimal(_ value: Int, locale: String) -> String? {
    guard Self.range.contains(value) else { return nil }
    return slots(for: locale)?.decimals[value]
  }

  /// The memoized category slot and decimal text of `value` in `locale`.
  func plural(_ value: Int, ordinal: Bool, locale: String) -> PluralHit {
    guard Self.range.contains(value) else { return PluralHit() }
    guard let slots = slots(for: locale) else { return PluralHit() }
    let code = ordinal ? slots.ordinal[value] : slots.cardinal[value]
    return PluralHit(slot: ICUPlural.Slot(code: code), text: slots.decimals[value])
  }

  /// Remembers the decimal text of `value` in `locale`.
  func storeDecimal(_ value: Int, locale: String, text: String) {
    guard Self.range.contains(value) else { return }
    slotsCreating(for: locale).decimals[value] = text
  }

  /// Remembers the category of `value` in `locale`.
  func storeCategory(_ slot: ICUPlural.Slot, _ value: Int, ordinal: Bool, locale: String) {
    guard Self.range.contains(value) else { return }
    let slots = slotsCreating(for: locale)
    if ordinal {
      slots.ordinal[value] = slot.code
    } else {
      slots.cardinal[value] = slot.code
    }
  }
}
