import Foundation
@_spi(MessagevisorModules) import Messagevisor

/// Per-locale memo of what plural arguments need for the integers 0…999: the default decimal text
/// (`#`) and the cardinal and ordinal CLDR categories.
///
/// Each slot is filled on first use from the same ``NativeFormatters`` call a miss would make, so
/// the memo never changes results; it only avoids formatter work for the counts messages use most.
/// Categories are kept as ``ICUPlural/Slot`` codes, so a hit selects the branch without comparing
/// category names. Bounded: at most ``maximumLocales`` locales (the oldest is dropped first), 1,000
/// slots each.
final class SmallNumberMemo: @unchecked Sendable {
  /// The memoized range.
  static let range = 0..<1000
  /// The most locales kept at once.
  static let maximumLocales = 32

  /// One locale's slots: decimal texts and the cardinal and ordinal category codes (0 = unknown).
  private final class Table {
    var decimals = [String?](repeating: nil, count: SmallNumberMemo.range.count)
    var cardinal = [UInt8](repeating: 0, count: SmallNumberMemo.range.count)
    var ordinal = [UInt8](repeating: 0, count: SmallNumberMemo.range.count)
  }

  /// A memo hit for a plural argument.
  struct PluralHit {
    /// The category's branch slot, when memoized.
    var slot: ICUPlural.Slot?
    /// The decimal text of the number (what `#` prints), when memoized.
    var text: String?
  }

  private let lock = NSLock()
  private var tables: [String: Table] = [:]
  private var order: [String] = []
  /// The most recently used locale and its table: callers usually pass the same string storage
  /// again, so `==` is a pointer comparison and the dictionary is not hashed.
  private var lastLocale = ""
  private var lastTable: Table?

  private func table(for locale: String) -> Table? {
    if let lastTable, lastLocale == locale { return lastTable }
    guard let table = tables[locale] else { return nil }
    lastLocale = locale
    lastTable = table
    return table
  }

  private func tableCreating(for locale: String) -> Table {
    if let existing = table(for: locale) { return existing }
    if order.count >= Self.maximumLocales {
      let oldest = order.removeFirst()
      tables[oldest] = nil
      if lastLocale == oldest {
        lastLocale = ""
        lastTable = nil
      }
    }
    let table = Table()
    tables[locale] = table
    order.append(locale)
    return table
  }

  /// The memoized decimal text of `value` in `locale`.
  func decimal(_ value: Int, locale: String) -> String? {
    guard Self.range.contains(value) else { return nil }
    lock.lock()
    defer { lock.unlock() }
    return table(for: locale)?.decimals[value]
  }

  /// The memoized category slot and decimal text of `value` in `locale`.
  func plural(_ value: Int, ordinal: Bool, locale: String) -> PluralHit {
    guard Self.range.contains(value) else { return PluralHit() }
    lock.lock()
    defer { lock.unlock() }
    guard let table = table(for: locale) else { return PluralHit() }
    let code = ordinal ? table.ordinal[value] : table.cardinal[value]
    return PluralHit(slot: ICUPlural.Slot(code: code), text: table.decimals[value])
  }

  /// Remembers the decimal text of `value` in `locale`.
  func storeDecimal(_ value: Int, locale: String, text: String) {
    guard Self.range.contains(value) else { return }
    lock.lock()
    defer { lock.unlock() }
    tableCreating(for: locale).decimals[value] = text
  }

  /// Remembers the category of `value` in `locale`.
  func storeCategory(_ slot: ICUPlural.Slot, _ value: Int, ordinal: Bool, locale: String) {
    guard Self.range.contains(value) else { return }
    lock.lock()
    defer { lock.unlock() }
    let table = tableCreating(for: locale)
    if ordinal {
      table.ordinal[value] = slot.code
    } else {
      table.cardinal[value] = slot.code
    }
  }
}
