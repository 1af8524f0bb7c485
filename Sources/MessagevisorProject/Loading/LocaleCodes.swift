import MessagevisorLocking

/// An immutable list of locale codes with each code's position, shared by every ``LocaleTable``
/// that has the same codes in the same order.
///
/// A project's messages nearly all list the same locales in the same order, so the loader interns
/// the lists (``interned(_:)``): 20,000 messages × 40 locales keep one list of 40 codes and one
/// position table instead of 20,000 dictionaries of 40 keys each.
final class LocaleCodes: Sendable {
  /// The codes, in order.
  let codes: [String]
  /// Whether two codes are equal `String`s (only lists made by ``interned(_:)`` may; a table
  /// never keeps one).
  let hasRepeats: Bool
  /// Each code's position in ``codes`` (empty for eight codes or fewer: those are scanned).
  let positions: [String: Int]

  /// The empty list.
  static let empty = LocaleCodes(listing: [])

  /// The most lists kept by the intern table; lists beyond it are made but not shared (a
  /// project whose every file orders its locales differently costs what it would without
  /// interning, and the table stays bounded).
  static let internLimit = 4096

  private struct Table {
    var lists: [[String]: LocaleCodes] = [:]
    var last = LocaleCodes.empty
  }

  private static let table = Locked(Table())

  /// Creates a list of `codes`.
  private init(listing codes: [String]) {
    self.codes = codes
    var positions: [String: Int] = [:]
    positions.reserveCapacity(codes.count)
    for (position, code) in codes.enumerated() where positions[code] == nil {
      positions[code] = position
    }
    hasRepeats = positions.count != codes.count
    if codes.count <= Self.scanned { positions = [:] }
    self.positions = positions
  }

  /// Lists of at most this many codes are searched by scanning.
  private static let scanned = 8

  /// A list of distinct `codes` that is not shared (for a table changed after loading: the
  /// intern table keeps what the loader reads, not every intermediate list of an edit).
  static func unshared(_ codes: [String]) -> LocaleCodes {
    codes.isEmpty ? empty : LocaleCodes(listing: codes)
  }

  /// The shared list of `codes`, in order (``hasRepeats`` tells whether two are equal).
  static func interned(_ codes: [String]) -> LocaleCodes {
    if codes.isEmpty { return empty }
    return table.withLock { table in
      if table.last.codes == codes { return table.last }
      if let found = table.lists[codes] {
        table.last = found
        return found
      }
      let made = LocaleCodes(listing: codes)
      if table.lists.count < internLimit { table.lists[codes] = made }
      table.last = made
      return made
    }
  }

  /// The number of codes.
  var count: Int { codes.count }

  /// The position of `code`, when listed.
  @inline(__always)
  func position(of code: String) -> Int? {
    if codes.count <= Self.scanned {
      for index in codes.indices where codes[index] == code { return index }
      return nil
    }
    return positions[code]
  }
}
