import Foundation
@_spi(MessagevisorModules) import Messagevisor

/// Per-locale memo of what plural arguments need for the integers 0…999: the default decimal text
/// (`#`) and the cardinal and ordinal CLDR categories.
///
/// Each slot is filled on first use from the same ``NativeFormatters`` call a miss would make, so
/// the memo never changes results; it only avoids formatter work for the counts messages use most.
/// Bounded: at most ``maximumLocales`` locales (the oldest is dropped first), 1,000 slots each.
final class SmallNumberMemo: @unchecked Sendable {
  /// The memoized range.
  static let range = 0..<1000
  /// The most locales kept at once.
  static let maximumLocales = 32

  enum Kind: Int {
    case decimal = 0
    case cardinal = 1
    case ordinal = 2
  }

  private final class Table {
    var slots: [[String?]] = Array(
      repeating: Array(repeating: nil, count: SmallNumberMemo.range.count), count: 3)
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

  /// The memoized text, or `nil` when it is not stored yet.
  func lookup(_ kind: Kind, _ value: Int, locale: String) -> String? {
    lock.lock()
    defer { lock.unlock() }
    return table(for: locale)?.slots[kind.rawValue][value]
  }

  /// The memoized category (cardinal or ordinal) and decimal text of `value`, with one lock.
  func lookupPlural(_ value: Int, ordinal: Bool, locale: String) -> (String?, String?) {
    lock.lock()
    defer { lock.unlock() }
    guard let table = table(for: locale) else { return (nil, nil) }
    return (
      table.slots[ordinal ? Kind.ordinal.rawValue : Kind.cardinal.rawValue][value],
      table.slots[Kind.decimal.rawValue][value]
    )
  }

  /// Stores `text` for `value`.
  func store(_ kind: Kind, _ value: Int, locale: String, text: String) {
    lock.lock()
    defer { lock.unlock() }
    let table: Table
    if let existing = tables[locale] {
      table = existing
    } else {
      if order.count >= Self.maximumLocales {
        let oldest = order.removeFirst()
        tables[oldest] = nil
        if lastLocale == oldest {
          lastLocale = ""
          lastTable = nil
        }
      }
      table = Table()
      tables[locale] = table
      order.append(locale)
    }
    table.slots[kind.rawValue][value] = text
  }
}
