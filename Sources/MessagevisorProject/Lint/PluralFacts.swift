/// A locale's plural coverage with the categories it selects as bits, for the check that runs
/// on every plural of every translation (no string hashing there).
struct PluralFacts: Sendable {
  /// Which coverage: a locale's cardinal or ordinal rules.
  struct Key: Hashable, Sendable {
    /// The locale.
    var locale: String
    /// Ordinal (`selectordinal`) rules rather than cardinal ones.
    var ordinal: Bool
  }

  /// The CLDR categories in order; bit `i` of a mask stands for `order[i]`.
  static let order = ["zero", "one", "two", "few", "many", "other"]
  /// The bit of `other`.
  static let otherBit: UInt8 = 1 << 5

  /// The coverage itself.
  let coverage: PluralCoverage
  /// The categories the rules select, as bits.
  let mask: UInt8

  /// The facts of `key`'s rules.
  init(_ key: Key) {
    coverage = PluralCoverage(locale: key.locale, ordinal: key.ordinal)
    mask = Self.mask(of: coverage.categories)
  }

  /// The bits of the names in `categories` that are CLDR categories.
  static func mask<Names: Sequence<String>>(of categories: Names) -> UInt8 {
    var mask: UInt8 = 0
    for name in categories {
      if let index = order.firstIndex(of: name) { mask |= 1 << UInt8(index) }
    }
    return mask
  }

  /// The category names of the bits of `mask`, in CLDR order.
  static func names(_ mask: UInt8) -> [String] {
    order.indices.filter { mask & (1 << UInt8($0)) != 0 }.map { order[$0] }
  }
}
