/// ECMA-402 digit options (SetNumberFormatDigitOptions), validated.
struct DigitOptions: Hashable, Sendable {
  /// How the value is rounded.
  enum Rounding: Hashable, Sendable {
    case fraction(min: Int, max: Int)
    case significant(min: Int, max: Int)
    /// Compact notation's default: no digit options given.
    case compactDefault
    /// `roundingPriority` morePrecision (`lessPrecision` false) or lessPrecision: both limits
    /// apply and the more or less precise result wins.
    case priority(
      fractionMin: Int, fractionMax: Int, significantMin: Int, significantMax: Int,
      lessPrecision: Bool)

    /// The fallback when priority rounding cannot be expressed: significant digits win.
    var significantFallback: Rounding {
      if case .priority(_, _, let low, let high, _) = self {
        return .significant(min: low, max: high)
      }
      return self
    }
  }

  var minimumIntegerDigits = 1
  var rounding: Rounding = .fraction(min: 0, max: 3)
  var roundingIncrement = 1
  var roundingMode = "halfExpand"
  var stripIfInteger = false
  /// `true` when minimumIntegerDigits was given explicitly.
  var explicitIntegerDigits = false

  static let increments = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000]
  static let roundingModes = [
    "ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc",
    "halfEven",
  ]

  /// Reads the digit options (ECMA-402 SetNumberFormatDigitOptions).
  static func read(
    _ reader: inout OptionReader, minimumFractionDefault: Int, maximumFractionDefault: Int,
    compact: Bool
  ) throws(FormatFailure) -> DigitOptions {
    var result = DigitOptions()
    if let mnid = try reader.integer("minimumIntegerDigits", 1...21) {
      result.minimumIntegerDigits = mnid
      result.explicitIntegerDigits = true
    }
    let mnfd = try reader.integer("minimumFractionDigits", 0...100)
    let mxfd = try reader.integer("maximumFractionDigits", 0...100)
    let mnsd = try reader.integer("minimumSignificantDigits", 1...21)
    let mxsd = try reader.integer("maximumSignificantDigits", 1...21)
    let increment = try reader.integer("roundingIncrement", 1...5000) ?? 1
    guard increments.contains(increment) else {
      throw .invalidOptions(
        "\(reader.formatter) option \"roundingIncrement\" must be one of \(increments.map(String.init).joined(separator: ", ")); got \(increment)"
      )
    }
    result.roundingIncrement = increment
    result.roundingMode = try reader.string("roundingMode", roundingModes) ?? "halfExpand"
    let priority =
      try reader.string("roundingPriority", ["auto", "morePrecision", "lessPrecision"]) ?? "auto"
    result.stripIfInteger =
      try reader.string("trailingZeroDisplay", ["auto", "stripIfInteger"]) == "stripIfInteger"

    let mnfdDefault = minimumFractionDefault
    var mxfdDefault = maximumFractionDefault
    if increment != 1 { mxfdDefault = mnfdDefault }
    let hasSignificant = mnsd != nil || mxsd != nil
    let hasFraction = mnfd != nil || mxfd != nil
    var needSignificant = true
    var needFraction = true
    if priority == "auto" {
      needSignificant = hasSignificant
      if needSignificant || (!hasFraction && compact) { needFraction = false }
    }
    var significant: (Int, Int)?
    if needSignificant {
      let minimum = mnsd ?? 1
      let maximum = mxsd ?? 21
      guard maximum >= minimum else {
        throw .invalidOptions(
          "\(reader.formatter) option \"maximumSignificantDigits\" (\(maximum)) is less than minimumSignificantDigits (\(minimum))"
        )
      }
      significant = (minimum, maximum)
    }
    var fraction: (Int, Int)?
    if needFraction {
      if hasFraction {
        var minimum = mnfd
        var maximum = mxfd
        if minimum == nil {
          minimum = Swift.min(mnfdDefault, maximum ?? mnfdDefault)
        } else if maximum == nil {
          maximum = Swift.max(mxfdDefault, minimum ?? 0)
        } else if let low = minimum, let high = maximum, low > high {
          throw .invalidOptions(
            "\(reader.formatter) option \"minimumFractionDigits\" (\(low)) is greater than maximumFractionDigits (\(high))"
          )
        }
        fraction = (minimum ?? 0, maximum ?? 0)
      } else {
        fraction = (mnfdDefault, mxfdDefault)
      }
    }
    if let significant, let fraction, priority != "auto" {
      result.rounding = .priority(
        fractionMin: fraction.0, fractionMax: fraction.1, significantMin: significant.0,
        significantMax: significant.1, lessPrecision: priority == "lessPrecision")
    } else if let significant {
      result.rounding = .significant(min: significant.0, max: significant.1)
    } else if let fraction {
      result.rounding = .fraction(min: fraction.0, max: fraction.1)
    } else {
      result.rounding = .compactDefault
    }
    if increment != 1 {
      guard case .fraction(let low, let high) = result.rounding else {
        throw .invalidOptions(
          "\(reader.formatter) option \"roundingIncrement\" requires fraction-digit rounding (no significant digits)"
        )
      }
      guard low == high else {
        throw .invalidOptions(
          "\(reader.formatter) option \"roundingIncrement\" requires minimumFractionDigits == maximumFractionDigits (got \(low) and \(high))"
        )
      }
    }
    return result
  }
}
