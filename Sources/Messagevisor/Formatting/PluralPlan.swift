/// Plural selection compiled from a locale and `Intl.PluralRules` options.
struct PluralPlan: Sendable {
  var rules: PluralRuleSet
  var digits: DigitOptions
  var notes: [UnsupportedFormatterNote]

  static func make(locale: String, options: FormatOptions) throws(FormatFailure) -> PluralPlan {
    var reader = OptionReader(options, formatter: "plural")
    let type = try reader.string("type", ["cardinal", "ordinal"]) ?? "cardinal"
    let digits = try DigitOptions.read(
      &reader, minimumFractionDefault: 0, maximumFractionDefault: 3, compact: false)
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
    var decimal = DecimalDigits(magnitude)
    var minimumFraction = 0
    switch digits.rounding {
    case .fraction(let minimum, let maximum):
      decimal.round(fractionDigits: maximum)
      minimumFraction = minimum
    case .significant(let minimum, let maximum):
      decimal.round(significantDigits: maximum)
      minimumFraction = decimal.digits.isEmpty ? minimum - 1 : minimum - decimal.pointPosition
    case .compactDefault:
      break
    }
    if digits.stripIfInteger && decimal.isInteger { minimumFraction = 0 }
    let parts = decimal.split(minimumFraction: max(0, minimumFraction))
    return PluralOperands(integerDigits: parts.integer, fractionDigits: parts.fraction, exponent: 0)
  }

  func category(_ value: Double) -> PluralCategory {
    guard value.isFinite else { return .other }
    return rules.category(for: operands(value))
  }
}
