@_spi(MessagevisorModules) import Messagevisor

/// Which CLDR plural categories a locale's rules can select, found by running the engine's own
/// rules (`PluralRules`) over sample numbers: integers 0…1,100, powers of ten up to 10^7 and
/// compact forms (`1c6`), decimals with one and two fraction digits. For each category it also
/// records the numeric values of the samples that select it, so `=N` branches can stand in for
/// a category whose every sample is one of them (`=1` for English `one`, `=0` for Arabic
/// `zero`: `=N` compares the value, so `0.0` matches `=0` too).
public struct PluralCoverage: Sendable {
  /// The categories the rules select, by name.
  public var categories: Set<String>
  /// Per category: the numeric values of the samples that select it.
  public var values: [String: Set<Double>]

  /// The coverage of `locale`'s cardinal (or, with `ordinal`, ordinal) rules.
  public init(locale: String, ordinal: Bool) {
    let rules = PluralRules.ruleSet(for: locale, ordinal: ordinal)
    var categories = Set<String>()
    var values: [String: Set<Double>] = [:]
    var samples = Array(0...1_100)
    var power = 10_000
    while power <= 10_000_000 {
      samples.append(power)
      power *= 10
    }
    for number in samples {
      let name = rules.category(for: PluralOperands(integer: number)).name
      categories.insert(name)
      values[name, default: []].insert(Double(number))
    }
    if !ordinal {
      var texts: [String] = []
      for whole in 0...21 {
        for tenth in 0...9 { texts.append("\(whole).\(tenth)") }
        for hundredth in [0, 1, 5, 10, 25, 50, 99] {
          texts.append("\(whole).\(hundredth < 10 ? "0" : "")\(hundredth)")
        }
      }
      texts += ["1c6", "2c6", "1.5c6", "1c3", "1000000.0", "100.0", "101.0", "1000.5"]
      for text in texts {
        guard let operands = PluralOperands(text) else { continue }
        let name = rules.category(for: operands).name
        categories.insert(name)
        values[name, default: []].insert(operands.n)
      }
    }
    self.categories = categories
    self.values = values
  }

  /// The categories in CLDR order (zero, one, two, few, many, other), each with the sample number
  /// the previewer's editor renders it with: the smallest integer that selects it, else the
  /// smallest decimal (Arabic: 0, 1, 2, 3, 11, 100).
  public var samples: [(category: String, number: Double)] {
    ["zero", "one", "two", "few", "many", "other"].compactMap { name in
      guard let selecting = values[name], !selecting.isEmpty else { return nil }
      let whole = selecting.filter { $0 == $0.rounded() }
      guard let number = whole.min() ?? selecting.min() else { return nil }
      return (name, number)
    }
  }

  /// Whether the `=N` values cover `category` (every sample selecting it is one of them).
  public func exactValuesCover(_ category: String, _ exact: [Double]) -> Bool {
    guard let selecting = values[category], !selecting.isEmpty else { return false }
    return selecting.isSubset(of: Set(exact))
  }
}
