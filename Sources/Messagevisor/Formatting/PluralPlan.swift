/// Plural selection compiled from a locale and `Intl.PluralRules` options.
struct PluralPlan: Sendable {
  var rules: PluralRuleSet
  var digits: DigitOptions
  var notes: [UnsupportedFormatterNote]

  static func make(locale: String, options: FormatOptions) throws(FormatFailure) -> PluralPlan {
    var reader = OptionReader(options, formatter: "plural")
    let type = try reader.string("type", ["cardinal", "ordinal"]) ?? "cardinal"
    var digits = try DigitOptions.read(
      &reader, minimumFractionDefault: 0, maximumFractionDefault: 3, compact: false)
    if case .priority = digits.rounding {
      reader.note(
        "roundingPriority",
        "roundingPriority is not applied to plural operands; significant digits take precedence")
      digits.rounding = digits.rounding.significantFallback
    }
    if digits.roundingIncrement != 1 {
      reader.note(
        "roundingIncrement",
        "roundingIncrement is not applied to plural operands; the default rounding is used")
    }
    if digits.roundingMode != "halfExpand" {
      reader.note(
        "roundingMode",
        "roundingMode \"\(digits.roundingMode)\" is not applied to plural operands; halfExpand is used"
      )
    }
    return PluralPlan(
      rules: PluralRules.ruleSet(for: locale, ordinal: type == "ordinal"), digits: digits,
      notes: reader.notes)
  }

  /// Default options (cardinal, 0…3 fraction digits): no option parsing or cache needed.
  static func plain(locale: String, ordinal: Bool) -> PluralPlan {
    PluralPlan(
      rules: PluralRules.ruleSet(for: locale, ordinal: ordinal), digits: DigitOptions(), notes: [])
  }

  /// The operands of `value` rendered with the digit options.
  func operands(_ value: Double) -> PluralOperands {
    let magnitude = value.magnitude
    if case .fraction(0, _) = digits.rounding, magnitude < 9.0e15,
      magnitude == magnitude.rounded(.towardZero)
    {
      return PluralOperands(integer: Int(magnitude))
    }
    if case .fraction(let minimum, let maximum) = digits.rounding, maximum <= 6,
      magnitude < 1e9,
      let fast = Self.fastOperands(
        magnitude, minimumFraction: minimum, maximumFraction: maximum,
        stripIfInteger: digits.stripIfInteger)
    {
      return fast
    }
    var decimal = DecimalDigits(magnitude)
    var minimumFraction = 0
    switch digits.rounding {
    case .fraction(let minimum, let maximum):
      decimal.round(fractionDigits: maximum)
      minimumFraction = minimum
    case .significant(let minimum, let maximum),
      .priority(_, _, let minimum, let maximum, _):
      decimal.round(significantDigits: maximum)
      minimumFraction = decimal.digits.isEmpty ? minimum - 1 : minimum - decimal.pointPosition
    case .compactDefault:
      break
    }
    if digits.stripIfInteger && decimal.isInteger { minimumFraction = 0 }
    let parts = decimal.split(minimumFraction: max(0, minimumFraction))
    return PluralOperands(integerDigits: parts.integer, fractionDigits: parts.fraction, exponent: 0)
  }

  private static let powers: [Int] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]

  /// Integer arithmetic for small values: exact unless the scaled value is close to a rounding
  /// tie, where the shortest decimal text decides (returns `nil` → slow path).
  static func fastOperands(
    _ magnitude: Double, minimumFraction: Int, maximumFraction: Int, stripIfInteger: Bool
  ) -> PluralOperands? {
    let scale = powers[maximumFraction]
    let scaled = magnitude * Double(scale)
    let fraction = scaled - scaled.rounded(.down)
    if (fraction - 0.5).magnitude < 1e-6 { return nil }
    let rounded = Int(scaled.rounded(.toNearestOrAwayFromZero))
    let integer = rounded / scale
    var fractionValue = rounded % scale
    var visible = maximumFraction
    while visible > minimumFraction && fractionValue % 10 == 0 {
      fractionValue /= 10
      visible -= 1
    }
    if stripIfInteger && fractionValue == 0 { visible = 0 }
    var trimmed = fractionValue
    var trimmedCount = visible
    while trimmedCount > 0 && trimmed % 10 == 0 {
      trimmed /= 10
      trimmedCount -= 1
    }
    let n = Double(integer) + Double(trimmed) / Double(powers[trimmedCount])
    return PluralOperands(
      n: n, i: integer, v: visible, w: trimmedCount, f: fractionValue, t: trimmed, e: 0)
  }

  func category(_ value: Double) -> PluralCategory {
    guard value.isFinite else { return .other }
    return rules.category(for: operands(value))
  }
}
