import Foundation
import Testing

@_spi(MessagevisorModules) @testable import Messagevisor

@Suite struct PluralCategoryTests {
  let formatters = NativeFormatters()

  @Test(arguments: [
    // (value, locale, options, expected)
    (1.0, "en", [:] as FormatOptions, "one"),
    (1.0, "en", ["minimumFractionDigits": 2], "other"),  // operand 1.00: v = 2
    (1.0, "en-US", ["minimumSignificantDigits": 2], "other"),  // 1.0
    (1.0004, "en", [:], "one"),  // rendered with 0…3 fraction digits → "1"
    (1.0004, "en", ["maximumFractionDigits": 4], "other"),
    (1.5, "ru", [:], "other"),
    (1.5, "fr", [:], "one"),
    (2, "cy", [:], "two"),
    (3, "cy", [:], "few"),
    (6, "cy", [:], "many"),
    (0, "cy", [:], "zero"),
    (21, "ru", [:], "one"),
    (22, "ru", [:], "few"),
    (25, "ru", [:], "many"),
    (11, "ru", [:], "many"),
    (-21, "ru", [:], "one"),  // magnitude
    (2, "pl", [:], "few"),
    (5, "pl", [:], "many"),
    (1.5, "pl", [:], "other"),
    (0, "ar", [:], "zero"),
    (2, "ar", [:], "two"),
    (105, "ar", [:], "few"),
    (111, "ar", [:], "many"),
    (1_000_000, "fr", [:], "many"),
    (1.0, "nl-NL", [:], "one"),
    (1, "de-DE", [:], "one"),
    (1, "ja-JP", [:], "other"),
    (1, "en-GB", ["type": "ordinal"], "one"),
    (2, "en-US", ["type": "ordinal"], "two"),
    (3, "en", ["type": "ordinal"], "few"),
    (13, "en", ["type": "ordinal"], "other"),
    (1, "cy", ["type": "ordinal"], "one"),
    (1, "fr", ["type": "ordinal"], "one"),
    (2, "fr", ["type": "ordinal"], "other"),
    (0.9995, "en", [:], "one"),  // rounds to "1"
    (1234.5678, "en", ["maximumSignificantDigits": 1], "other"),
    (1.0, "en", ["minimumFractionDigits": 2, "trailingZeroDisplay": "stripIfInteger"], "one"),
  ])
  func categories(_ value: Double, _ locale: String, _ options: FormatOptions, _ expected: String)
    throws
  {
    let result = try formatters.pluralCategory(value, locale: locale, options: options)
    #expect(result.text == expected)
    #expect(result.unsupported.isEmpty)
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func nonFiniteSelectsOther(_ value: Double) throws {
    #expect(try formatters.pluralCategory(value, locale: "ru", options: [:]).text == "other")
    #expect(
      try formatters.pluralCategory(value, locale: "en", options: ["type": "ordinal"]).text
        == "other")
  }

  @Test(arguments: [
    (
      ["roundingPriority": "morePrecision", "maximumSignificantDigits": 2] as FormatOptions,
      "roundingPriority"
    ),
    (
      ["roundingIncrement": 5, "minimumFractionDigits": 2, "maximumFractionDigits": 2],
      "roundingIncrement"
    ),
    (["roundingMode": "floor"], "roundingMode"),
  ])
  func roundingOptionsAreUnsupported(_ options: FormatOptions, _ option: String) throws {
    let result = try formatters.pluralCategory(1, locale: "en", options: options)
    #expect(result.unsupported.map(\.option) == [option])
    #expect(result.unsupported.allSatisfy { $0.formatter == "plural" })
  }

  @Test(arguments: [
    ["maximumFractionDigits": 101] as FormatOptions,
    ["minimumFractionDigits": 2, "maximumFractionDigits": 1],
    ["maximumFractionDigits": 1e9],
    ["minimumSignificantDigits": 30],
    ["type": "cardinals"],
  ])
  func badOptionsThrow(_ options: FormatOptions) {
    #expect(throws: FormatFailure.self) {
      _ = try formatters.pluralCategory(1, locale: "en", options: options)
    }
  }

  @Test func hugeAndTinyValuesStayExact() throws {
    #expect(try formatters.pluralCategory(1e21, locale: "fr", options: [:]).text == "many")
    #expect(try formatters.pluralCategory(21e18, locale: "ru", options: [:]).text == "many")
    #expect(try formatters.pluralCategory(1e-7, locale: "en", options: [:]).text == "other")  // "0"
    #expect(
      try formatters.pluralCategory(1e-7, locale: "en", options: ["maximumFractionDigits": 100])
        .text
        == "other")
  }

  @Test func ruleSetSelectionIsDirect() throws {
    let russian = PluralRules.ruleSet(for: "ru-RU", ordinal: false)
    #expect(russian.category(for: PluralOperands(integer: 3)) == .few)
    #expect(PluralRules.ruleSet(for: "ru-RU", ordinal: false) == russian)
  }
}

@Suite struct PluralOperandRenderingTests {
  /// The fast integer path and the decimal-text path must agree on every operand.
  @Test func fastPathMatchesDecimalPath() throws {
    var checked = 0
    for minimum in 0...3 {
      for maximum in minimum...6 {
        for strip in [false, true] {
          let digits = DigitOptions(
            minimumIntegerDigits: 1, rounding: .fraction(min: minimum, max: maximum),
            stripIfInteger: strip)
          let plan = PluralPlan(
            rules: PluralRules.ruleSet(for: "en", ordinal: false), digits: digits, notes: [])
          for step in 0..<400 {
            let value = Double(step) * 0.0137 + [0, 1.005, 2.5, 0.125, 99.995][step % 5]
            guard
              let fast = PluralPlan.fastOperands(
                value, minimumFraction: minimum, maximumFraction: maximum, stripIfInteger: strip)
            else { continue }
            var decimal = DecimalDigits(value)
            decimal.round(fractionDigits: maximum)
            let parts = decimal.split(minimumFraction: strip && decimal.isInteger ? 0 : minimum)
            let slow = PluralOperands(
              integerDigits: parts.integer, fractionDigits: parts.fraction, exponent: 0)
            #expect(fast == slow, "\(value) min \(minimum) max \(maximum) strip \(strip)")
            #expect(plan.operands(value) == slow)
            checked += 1
          }
        }
      }
    }
    #expect(checked > 10_000)
  }

  @Test func tiesUseTheShortestDecimal() {
    let plan = PluralPlan(
      rules: PluralRules.ruleSet(for: "en", ordinal: false),
      digits: DigitOptions(rounding: .fraction(min: 0, max: 2)), notes: [])
    // 1.005 is stored as 1.00499999999999989…; Intl rounds its shortest text "1.005" → "1.01".
    #expect(plan.operands(1.005) == PluralOperands("1.01"))
    #expect(plan.operands(0.125) == PluralOperands("0.13"))
  }
}
