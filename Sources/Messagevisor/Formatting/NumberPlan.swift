import Foundation

/// A number formatter compiled from a locale and an ECMA-402 `Intl.NumberFormat` option bag.
final class NumberPlan: @unchecked Sendable {
  /// The Foundation format style that does the work.
  enum Style {
    case decimal(FloatingPointFormatStyle<Double>)
    case currency(FloatingPointFormatStyle<Double>.Currency)
    case percent(FloatingPointFormatStyle<Double>.Percent)
    /// `style: unit`: FormatStyle has no unit formatting on Linux, so ICU formats from a skeleton.
    case skeleton(ICUBridge.SkeletonNumberFormatter)

    func format(_ value: Double) -> String {
      switch self {
      case .skeleton(let formatter): return formatter.format(value) ?? String(value)
      case .decimal(let style): return style.format(value)
      case .currency(let style): return style.format(value)
      case .percent(let style): return style.format(value)
      }
    }
  }

  let style: Style
  /// The same style with no fraction digits, for `trailingZeroDisplay: stripIfInteger`.
  let integerStyle: Style?
  let digits: DigitOptions
  /// `signDisplay: negative`: no sign for values that round to zero.
  let signNegative: Bool
  /// The value is multiplied by this before rounding checks (percent: 100).
  let checkScale: Double
  /// Text appended for `style: unit` units Foundation cannot format (reported as unsupported).
  let unitSuffix: String?
  let notes: [UnsupportedFormatterNote]
  /// The equivalent ICU skeleton (tests compare FormatStyle output against it).
  var referenceSkeleton: String?
  /// A prepared ICU formatter for `referenceSkeleton`, used instead of the FormatStyle when the
  /// plan has no unsupported notes (same output, validated by `NumberStyleMappingTests` and
  /// `NumberFastPathTests`; FormatStyle rebuilds its ICU formatter state on every call). Set once
  /// in `make`, before the plan is shared.
  private(set) var prepared: ICUBridge.SkeletonNumberFormatter? {
    didSet { preparedReference = prepared.map { Unmanaged.passUnretained($0) } }
  }
  /// `prepared` without ownership (the plan holds it), so formatting borrows the formatter.
  private var preparedReference: Unmanaged<ICUBridge.SkeletonNumberFormatter>?

  init(
    style: Style, integerStyle: Style?, digits: DigitOptions, signNegative: Bool,
    checkScale: Double, unitSuffix: String?, notes: [UnsupportedFormatterNote]
  ) {
    self.style = style
    self.integerStyle = integerStyle
    self.digits = digits
    self.signNegative = signNegative
    self.checkScale = checkScale
    self.unitSuffix = unitSuffix
    self.notes = notes
  }

  func format(_ value: Double) -> String {
    if let text = preparedReference?._withUnsafeGuaranteedRef({ $0.format(value) }) {
      return text
    }
    return formatWithStyle(value)
  }

  /// Formats with the Foundation style (the reference behaviour and the fallback when ICU's
  /// number formatter is unavailable or reports an error).
  func formatWithStyle(_ value: Double) -> String {
    var chosen = style
    if let integerStyle, value.isFinite {
      var decimal = DecimalDigits(value * checkScale)
      switch digits.rounding {
      case .fraction(_, let maximum): decimal.round(fractionDigits: maximum)
      case .significant(_, let maximum): decimal.round(significantDigits: maximum)
      case .compactDefault, .priority: break
      }
      if decimal.isInteger { chosen = integerStyle }
    }
    var text: String
    if signNegative && (value < 0 || (value == 0 && value.sign == .minus)) {
      let magnitudeText = chosen.format(-value)
      text = chosen.format(0) == magnitudeText ? magnitudeText : chosen.format(value)
    } else {
      text = chosen.format(value)
    }
    if let unitSuffix { text += unitSuffix }
    return text
  }

  // MARK: Compilation

  static let styles = ["decimal", "percent", "currency", "unit"]

  /// Compiles the options; throws `invalidOptions` for malformed or out-of-range options.
  static func make(
    locale identifier: String, options: FormatOptions, currencyDigits: (String) -> Int
  )
    throws(FormatFailure) -> NumberPlan
  {
    var reader = OptionReader(options, formatter: "number")
    let styleName = try reader.string("style", styles) ?? "decimal"
    let numberingSystem = try reader.string("numberingSystem")
    let locale = try LocaleResolver.locale(identifier, numberingSystem: numberingSystem)

    var currencyCode: String?
    if let code = try reader.string("currency") {
      guard code.utf8.count == 3, code.utf8.allSatisfy({ ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 })
      else {
        throw .invalidOptions(
          "number option \"currency\" must be a 3-letter ISO 4217 code; got \"\(code)\"")
      }
      currencyCode = code.uppercased()
    }
    let currencyDisplay = try reader.string(
      "currencyDisplay", ["code", "symbol", "narrowSymbol", "name"])
    let currencySign = try reader.string("currencySign", ["standard", "accounting"])
    let unit = try reader.string("unit")
    let unitDisplay = try reader.string("unitDisplay", ["short", "narrow", "long"])
    let notation =
      try reader.string("notation", ["standard", "scientific", "engineering", "compact"])
      ?? "standard"
    let compactDisplay = try reader.string("compactDisplay", ["short", "long"])
    let signDisplay =
      try reader.string("signDisplay", ["auto", "never", "always", "exceptZero", "negative"])
      ?? "auto"
    let grouping = try groupingOption(&reader)
    // ECMA-402: compact notation defaults useGrouping to "min2" (ICU's compact default too).
    let skeletonGrouping: Grouping =
      notation == "compact" && !reader.has("useGrouping")
      ? .unsupported("min2 default") : grouping

    var usePercent = styleName == "percent"
    var percentScale = 100.0
    if styleName == "currency" && currencyCode == nil {
      throw .invalidOptions("number option \"currency\" is required with style \"currency\"")
    }
    if styleName == "unit" {
      guard let unit, isWellFormedUnit(unit) else {
        throw .invalidOptions(
          "number option \"unit\" must be a sanctioned unit identifier (e.g. \"kilometer\", \"kilometer-per-hour\") with style \"unit\""
        )
      }
      if unit == "percent" {
        usePercent = true
        percentScale = 1
      }
    }

    let cDigits = styleName == "currency" ? currencyDigits(currencyCode ?? "USD") : 0
    let digits = try DigitOptions.read(
      &reader,
      minimumFractionDefault: styleName == "currency" && notation != "compact" ? cDigits : 0,
      maximumFractionDefault: styleName == "currency" && notation != "compact"
        ? cDigits : (usePercent && styleName == "percent" ? 0 : 3),
      compact: notation == "compact")

    var unitSuffix: String?
    if styleName == "unit", let unit, unit != "percent" {
      let width =
        switch unitDisplay {
        case "narrow": "unit-width-narrow"
        case "long": "unit-width-full-name"
        default: "unit-width-short"
        }
      let skeleton = icuSkeleton(
        head: ["unit/" + unit, width], notation: notation, compactDisplay: compactDisplay,
        signDisplay: signDisplay, grouping: skeletonGrouping, digits: digits,
        numberingSystem: numberingSystem)
      let icuLocale = Locale.identifier(.icu, from: identifier)
      if let formatter = ICUBridge.SkeletonNumberFormatter(skeleton: skeleton, locale: icuLocale) {
        return NumberPlan(
          style: .skeleton(formatter), integerStyle: nil, digits: digits, signNegative: false,
          checkScale: 1, unitSuffix: nil, notes: reader.notes)
      }
      reader.note(
        "unit",
        "No unit formatter is available on this platform for \"\(unit)\"; the number is followed by the unit identifier"
      )
      unitSuffix = " " + unit
    }
    var head: [String] = []
    if styleName == "currency", let currencyCode {
      head = ["currency/" + currencyCode]
      switch currencyDisplay {
      case "code": head.append("unit-width-iso-code")
      case "narrowSymbol": head.append("unit-width-narrow")
      case "name": head.append("unit-width-full-name")
      default: break
      }
    } else if usePercent {
      head = percentScale == 100 ? ["percent", "scale/100"] : ["percent"]
    }

    // Options FormatStyle cannot express but Foundation's ICU can: format with the equivalent ICU
    // skeleton (validated against FormatStyle by NumberStyleMappingTests). The options the SDK
    // documents as unsupported (useGrouping "min2", compactDisplay "long", roundingPriority) keep
    // their notes and their documented fallback.
    let explicitMin2: Bool
    if case .unsupported = grouping { explicitMin2 = true } else { explicitMin2 = false }
    var significantRounding = false
    if case .significant = digits.rounding { significantRounding = true }
    var priorityRounding = false
    if case .priority = digits.rounding { priorityRounding = true }
    let needsICU =
      notation == "engineering" || roundingRule(digits.roundingMode) == nil || priorityRounding
      || explicitMin2
      || (grouping == .always && LocaleResolver.hasMinimumGroupingTwo(locale))
      || (digits.minimumIntegerDigits > 1 && significantRounding)
    if needsICU, styleName != "unit" {
      let skeleton = icuSkeleton(
        head: head, notation: notation,
        compactDisplay: compactDisplay == "long" ? "short" : compactDisplay,
        signDisplay: signDisplay, accounting: currencySign == "accounting",
        grouping: skeletonGrouping, digits: digits,
        numberingSystem: numberingSystem)
      let icuLocale = Locale.identifier(.icu, from: identifier)
      if let formatter = ICUBridge.SkeletonNumberFormatter(skeleton: skeleton, locale: icuLocale) {
        if notation == "compact" && compactDisplay == "long" {
          reader.note(
            "compactDisplay",
            "Foundation has only one compact style; compactDisplay \"long\" uses the native short compact form"
          )
        }
        let plan = NumberPlan(
          style: .skeleton(formatter), integerStyle: nil, digits: digits, signNegative: false,
          checkScale: 1, unitSuffix: nil, notes: reader.notes)
        plan.referenceSkeleton = skeleton
        return plan
      }
    }
    if notation == "engineering" {
      reader.note(
        "notation", "Foundation has no engineering notation; scientific notation is used instead")
    }
    if notation == "compact" && compactDisplay == "long" {
      reader.note(
        "compactDisplay",
        "Foundation has only one compact style; compactDisplay \"long\" uses the native short compact form"
      )
    }
    if case .unsupported(let message) = grouping { reader.note("useGrouping", message) }
    if priorityRounding {
      reader.note(
        "roundingPriority",
        "roundingPriority cannot be expressed without ICU number skeletons; significant digits take precedence"
      )
    }
    if grouping == .always && LocaleResolver.hasMinimumGroupingTwo(locale) {
      reader.note(
        "useGrouping",
        "useGrouping \"always\" cannot be expressed with Foundation; the locale's minimum grouping (2 digits) is used"
      )
    }
    let ruleName = digits.roundingMode
    let rule = roundingRule(ruleName)
    if rule == nil {
      reader.note(
        "roundingMode",
        "roundingMode \"\(ruleName)\" cannot be expressed with Foundation; halfExpand is used")
    }
    if digits.explicitIntegerDigits && digits.minimumIntegerDigits > 1,
      case .significant = digits.rounding
    {
      reader.note(
        "minimumIntegerDigits",
        "minimumIntegerDigits cannot be combined with significant digits in Foundation; it is ignored"
      )
    }
    let precision = Self.precision(for: digits, stripFraction: false)
    let integerPrecision =
      digits.stripIfInteger ? self.precision(for: digits, stripFraction: true) : nil
    let increment = incrementValue(digits)
    let roundingRule = rule ?? .toNearestOrAwayFromZero
    let notationValue: NumberFormatStyleConfiguration.Notation? =
      switch notation {
      case "scientific", "engineering": .scientific
      case "compact": .compactName
      default: nil
      }
    let groupingValue: NumberFormatStyleConfiguration.Grouping =
      grouping == .never ? .never : .automatic

    // Only non-default modifiers are set: FormatStyle rebuilds its ICU skeleton on every call,
    // so every redundant modifier costs time (the output is identical; NumberStyleMappingTests).
    let customSign = signDisplay != "auto"
    let accounting = currencySign == "accounting"
    let currencyDefaultPrecision =
      digits.rounding == .fraction(min: cDigits, max: cDigits) && digits.minimumIntegerDigits == 1
    func build(_ precision: NumberFormatStyleConfiguration.Precision?, stripping: Bool = false)
      -> Style
    {
      if styleName == "currency", let currencyCode {
        var style = FloatingPointFormatStyle<Double>.Currency(code: currencyCode, locale: locale)
          .rounded(rule: roundingRule, increment: increment)
        if groupingValue == .never { style = style.grouping(.never) }
        if customSign || accounting {
          style = style.sign(
            strategy: Self.currencySignStrategy(signDisplay, accounting: accounting))
        }
        switch currencyDisplay {
        case "code": style = style.presentation(.isoCode)
        case "narrowSymbol": style = style.presentation(.narrow)
        case "name": style = style.presentation(.fullName)
        default: break
        }
        // The integer variant of stripIfInteger always needs its own (zero-digit) precision.
        if let precision,
          stripping || !(currencyDefaultPrecision && notationValue == nil && increment == nil)
        {
          style = style.precision(precision)
        }
        if let notationValue { style = style.notation(notationValue) }
        return .currency(style)
      }
      if usePercent {
        var style = FloatingPointFormatStyle<Double>.Percent(locale: locale)
          .rounded(rule: roundingRule, increment: increment)
        if groupingValue == .never { style = style.grouping(.never) }
        if customSign { style = style.sign(strategy: signStrategy(signDisplay)) }
        if percentScale != 100 { style = style.scale(percentScale) }
        if let precision { style = style.precision(precision) }
        if let notationValue { style = style.notation(notationValue) }
        return .percent(style)
      }
      var style = FloatingPointFormatStyle<Double>(locale: locale)
        .rounded(rule: roundingRule, increment: increment)
      if groupingValue == .never { style = style.grouping(.never) }
      if customSign { style = style.sign(strategy: signStrategy(signDisplay)) }
      if let precision { style = style.precision(precision) }
      if let notationValue { style = style.notation(notationValue) }
      return .decimal(style)
    }

    let plan = NumberPlan(
      style: build(precision),
      integerStyle: integerPrecision.map { build($0, stripping: true) },
      digits: digits,
      signNegative: signDisplay == "negative",
      checkScale: usePercent ? percentScale : 1,
      unitSuffix: unitSuffix,
      notes: reader.notes)
    let skeleton = icuSkeleton(
      head: head, notation: notation, compactDisplay: compactDisplay, signDisplay: signDisplay,
      accounting: currencySign == "accounting", grouping: skeletonGrouping, digits: digits,
      numberingSystem: numberingSystem)
    plan.referenceSkeleton = skeleton
    if plan.notes.isEmpty && unitSuffix == nil {
      plan.prepared = ICUBridge.SkeletonNumberFormatter(
        skeleton: skeleton, locale: Locale.identifier(.icu, from: identifier))
    }
    return plan
  }

  enum Grouping: Equatable {
    case auto, always, never
    case unsupported(String)
  }

  static func groupingOption(_ reader: inout OptionReader) throws(FormatFailure) -> Grouping {
    guard let value = reader.options["useGrouping"], !value.isNull else { return .auto }
    switch value {
    case .bool(true): return .always
    case .bool(false): return .never
    case .string("always"), .string("true"): return .always
    case .string("auto"): return .auto
    case .string("false"): return .never
    case .string("min2"):
      return .unsupported(
        "useGrouping \"min2\" cannot be expressed with Foundation; the locale's default grouping is used"
      )
    default:
      throw .invalidOptions(
        "number option \"useGrouping\" must be true, false, \"always\", \"auto\" or \"min2\"; got \(value)"
      )
    }
  }

  static func roundingRule(_ mode: String) -> FloatingPointRoundingRule? {
    switch mode {
    case "ceil": return .up
    case "floor": return .down
    case "expand": return .awayFromZero
    case "trunc": return .towardZero
    case "halfEven": return .toNearestOrEven
    case "halfExpand": return .toNearestOrAwayFromZero
    default: return nil
    }
  }

  static func incrementValue(_ digits: DigitOptions) -> Double? {
    guard digits.roundingIncrement != 1, case .fraction(_, let maximum) = digits.rounding else {
      return nil
    }
    return Double(digits.roundingIncrement) / pow(10, Double(maximum))
  }

  static func precision(for digits: DigitOptions, stripFraction: Bool)
    -> NumberFormatStyleConfiguration.Precision?
  {
    switch digits.rounding {
    case .compactDefault:
      return stripFraction ? .fractionLength(0) : nil
    case .priority(_, _, let minimum, let maximum, _):
      // Only reached without ICU (reported as unsupported): significant digits win.
      return stripFraction ? .significantDigits(1...maximum) : .significantDigits(minimum...maximum)
    case .significant(let minimum, let maximum):
      return stripFraction ? .significantDigits(1...maximum) : .significantDigits(minimum...maximum)
    case .fraction(let minimum, let maximum):
      let fraction = stripFraction ? 0...0 : minimum...maximum
      if digits.minimumIntegerDigits > 1 {
        return .integerAndFractionLength(
          integerLimits: digits.minimumIntegerDigits..., fractionLimits: fraction)
      }
      return .fractionLength(fraction)
    }
  }

  static func signStrategy(_ display: String) -> NumberFormatStyleConfiguration.SignDisplayStrategy
  {
    switch display {
    case "never": return .never
    case "always": return .always(includingZero: true)
    case "exceptZero": return .always(includingZero: false)
    default: return .automatic
    }
  }

  static func currencySignStrategy(_ display: String, accounting: Bool)
    -> CurrencyFormatStyleConfiguration.SignDisplayStrategy
  {
    switch display {
    case "never": return .never
    case "always": return accounting ? .accountingAlways(showZero: true) : .always(showZero: true)
    case "exceptZero":
      return accounting ? .accountingAlways(showZero: false) : .always(showZero: false)
    default: return accounting ? .accounting : .automatic
    }
  }

  /// ECMA-402 sanctioned simple units.
  static let sanctionedUnits: Set<String> = [
    "acre", "bit", "byte", "celsius", "centimeter", "day", "degree", "fahrenheit", "fluid-ounce",
    "foot", "gallon", "gigabit", "gigabyte", "gram", "hectare", "hour", "inch", "kilobit",
    "kilobyte", "kilogram", "kilometer", "liter", "megabit", "megabyte", "meter", "microsecond",
    "mile", "mile-scandinavian", "milliliter", "millimeter", "millisecond", "minute", "month",
    "nanosecond", "ounce", "percent", "petabyte", "pound", "second", "stone", "terabit",
    "terabyte", "week", "yard", "year",
  ]

  /// ECMA-402 IsWellFormedUnitIdentifier: a sanctioned unit or `<unit>-per-<unit>`.
  static func isWellFormedUnit(_ unit: String) -> Bool {
    if sanctionedUnits.contains(unit) { return true }
    let parts = unit.components(separatedBy: "-per-")
    return parts.count == 2 && parts.allSatisfy { sanctionedUnits.contains($0) }
  }

  /// The ICU number skeleton equivalent to ECMA-402 options (what V8 builds for Intl): used to
  /// format `style: unit`, and by tests to check the FormatStyle mapping of the other styles.
  static func icuSkeleton(
    head: [String], notation: String, compactDisplay: String?, signDisplay: String,
    accounting: Bool = false, grouping: Grouping, digits: DigitOptions, numberingSystem: String?
  ) -> String {
    var tokens = head
    switch notation {
    case "scientific": tokens.append("scientific")
    case "engineering": tokens.append("engineering")
    case "compact": tokens.append(compactDisplay == "long" ? "compact-long" : "compact-short")
    default: break
    }
    var precision: String?
    switch digits.rounding {
    case .fraction(let minimum, let maximum):
      if digits.roundingIncrement != 1 {
        let increment = Double(digits.roundingIncrement) / pow(10, Double(maximum))
        precision = "precision-increment/" + String(format: "%.\(maximum)f", increment)
      } else if maximum == 0 {
        precision = "precision-integer"
      } else {
        precision =
          "." + String(repeating: "0", count: minimum)
          + String(repeating: "#", count: maximum - minimum)
      }
    case .significant(let minimum, let maximum):
      precision =
        String(repeating: "@", count: minimum) + String(repeating: "#", count: maximum - minimum)
    case .compactDefault:
      precision = nil
    case .priority(
      let fractionMin, let fractionMax, let significantMin, let significantMax, let less):
      // ICU ≥ 69 skeleton syntax: ".00##/@@@#s" (strict = lessPrecision, relaxed = morePrecision).
      precision =
        "." + String(repeating: "0", count: fractionMin)
        + String(repeating: "#", count: fractionMax - fractionMin) + "/"
        + String(repeating: "@", count: significantMin)
        + String(repeating: "#", count: significantMax - significantMin) + (less ? "s" : "r")
    }
    if var precision {
      if digits.stripIfInteger { precision += "/w" }
      tokens.append(precision)
    }
    if digits.minimumIntegerDigits > 1 {
      tokens.append("integer-width/*" + String(repeating: "0", count: digits.minimumIntegerDigits))
    }
    let modes = [
      "ceil": "ceiling", "floor": "floor", "expand": "up", "trunc": "down",
      "halfCeil": "half-ceiling",
      "halfFloor": "half-floor", "halfExpand": "half-up", "halfTrunc": "half-down",
      "halfEven": "half-even",
    ]
    tokens.append("rounding-mode-" + (modes[digits.roundingMode] ?? "half-up"))
    switch grouping {
    case .never: tokens.append("group-off")
    case .always: tokens.append("group-on-aligned")
    case .unsupported: tokens.append("group-min2")
    case .auto: tokens.append("group-auto")
    }
    let prefix = accounting ? "sign-accounting" : "sign"
    switch signDisplay {
    case "always": tokens.append(prefix + "-always")
    case "never": tokens.append("sign-never")
    case "exceptZero": tokens.append(prefix + "-except-zero")
    case "negative": tokens.append(prefix + "-negative")
    default: if accounting { tokens.append("sign-accounting") }
    }
    if let numberingSystem { tokens.append("numbering-system/" + numberingSystem.lowercased()) }
    return tokens.joined(separator: " ")
  }
}
