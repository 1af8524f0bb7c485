import Foundation
import Testing

@_spi(MessagevisorModules) @testable import Messagevisor

/// One number-formatting expectation (CLDR 46 output through Foundation's ICU 76).
struct NumberCase: Sendable, CustomTestStringConvertible {
  var value: Double
  var locale: String
  var options: FormatOptions
  var expected: String
  var testDescription: String { "\(value) \(locale) \(options.keys.sorted())" }

  init(_ value: Double, _ locale: String, _ expected: String) {
    self.init(value, locale, [:], expected)
  }

  init(_ value: Double, _ locale: String, _ options: FormatOptions, _ expected: String) {
    self.value = value
    self.locale = locale
    self.options = options
    self.expected = expected
  }
}

@Suite struct NumberFormattingTests {
  let formatters = NativeFormatters()

  static let cases: [NumberCase] = [
    // Default decimal: 0…3 fraction digits, half-expand rounding, locale grouping.
    NumberCase(1234.5, "en-US", "1,234.5"),
    NumberCase(1234.5678, "en-US", "1,234.568"),
    NumberCase(2.5, "en-US", ["maximumFractionDigits": 0], "3"),
    NumberCase(-2.5, "en-US", ["maximumFractionDigits": 0], "-3"),
    NumberCase(1.005, "en-US", ["maximumFractionDigits": 2], "1.01"),
    NumberCase(1234567.891, "de-DE", "1.234.567,891"),
    NumberCase(1234567.891, "fr-FR", "1\u{202F}234\u{202F}567,891"),
    NumberCase(1234567.891, "ru", "1\u{00A0}234\u{00A0}567,891"),
    NumberCase(1234567.891, "nl-NL", "1.234.567,891"),
    NumberCase(1234567.891, "en-GB", "1,234,567.891"),
    NumberCase(1234567.891, "ja-JP", "1,234,567.891"),
    NumberCase(12345.5, "pl", "12\u{00A0}345,5"),
    NumberCase(1234.5, "pl", "1234,5"),  // CLDR minimumGroupingDigits 2
    NumberCase(1234.5, "cy", "1,234.5"),
    // Arabic: Foundation's bundled ICU 76 data makes "ar" (and ar-001) default to Latin digits
    // (stock ICU 72 / CLDR 42 on this machine gives Arabic-Indic "١٢" for "ar"); ar-EG, ar-SA and
    // numberingSystem "arab" use Arabic-Indic digits.
    NumberCase(1234.5, "ar", "1,234.5"),
    NumberCase(1234.5, "ar-EG", "\u{0661}\u{066C}\u{0662}\u{0663}\u{0664}\u{066B}\u{0665}"),
    NumberCase(
      1234.5, "en-US", ["numberingSystem": "arab"],
      "\u{0661}\u{066C}\u{0662}\u{0663}\u{0664}\u{066B}\u{0665}"),
    NumberCase(1234.5, "ar-EG", ["numberingSystem": "latn"], "1,234.5"),
    // Bidi marks (same output from stock ICU 72 here): ALM U+061C before the minus sign and after
    // the Arabic percent sign, RLM U+200F around the EGP amount.
    NumberCase(
      -1234.5, "ar-EG", "\u{061C}-\u{0661}\u{066C}\u{0662}\u{0663}\u{0664}\u{066B}\u{0665}"),
    NumberCase(0.25, "ar-EG", ["style": "percent"], "\u{0662}\u{0665}\u{066A}\u{061C}"),
    NumberCase(
      1234.5, "ar-EG", ["style": "currency", "currency": "EGP"],
      "\u{200F}\u{0661}\u{066C}\u{0662}\u{0663}\u{0664}\u{066B}\u{0665}\u{0660}\u{00A0}\u{062C}.\u{0645}.\u{200F}"
    ),
    // Digits.
    NumberCase(
      3.14159, "en-US", ["minimumFractionDigits": 2, "maximumFractionDigits": 3], "3.142"),
    NumberCase(3, "en-US", ["minimumFractionDigits": 2], "3.00"),
    NumberCase(5, "en-US", ["minimumIntegerDigits": 3], "005"),
    NumberCase(123456.789, "en-US", ["maximumSignificantDigits": 3], "123,000"),
    NumberCase(1.5, "en-US", ["minimumSignificantDigits": 3], "1.50"),
    NumberCase(1.5, "en-US", ["useGrouping": false, "minimumFractionDigits": 1], "1.5"),
    NumberCase(1234.5, "en-US", ["useGrouping": false], "1234.5"),
    NumberCase(1234.5, "en-US", ["useGrouping": "auto"], "1,234.5"),
    NumberCase(1.25, "en-US", ["maximumFractionDigits": 1, "roundingMode": "halfEven"], "1.2"),
    NumberCase(1.21, "en-US", ["maximumFractionDigits": 1, "roundingMode": "ceil"], "1.3"),
    NumberCase(-1.29, "en-US", ["maximumFractionDigits": 1, "roundingMode": "trunc"], "-1.2"),
    NumberCase(
      1.23, "en-US",
      ["minimumFractionDigits": 2, "maximumFractionDigits": 2, "roundingIncrement": 5], "1.25"),
    NumberCase(
      1.0, "en-US", ["minimumFractionDigits": 2, "trailingZeroDisplay": "stripIfInteger"], "1"),
    NumberCase(
      1.5, "en-US", ["minimumFractionDigits": 2, "trailingZeroDisplay": "stripIfInteger"], "1.50"),
    // Sign display.
    NumberCase(5, "en-US", ["signDisplay": "always"], "+5"),
    NumberCase(0, "en-US", ["signDisplay": "always"], "+0"),
    NumberCase(0, "en-US", ["signDisplay": "exceptZero"], "0"),
    NumberCase(-5, "en-US", ["signDisplay": "never"], "5"),
    NumberCase(-0.0001, "en-US", ["signDisplay": "negative"], "0"),
    NumberCase(-5, "en-US", ["signDisplay": "negative"], "-5"),
    // Percent.
    NumberCase(0.256, "en-US", ["style": "percent"], "26%"),
    NumberCase(0.256, "fr-FR", ["style": "percent", "maximumFractionDigits": 1], "25,6\u{00A0}%"),
    NumberCase(0.256, "de-DE", ["style": "percent"], "26\u{00A0}%"),
    NumberCase(50, "en-US", ["style": "unit", "unit": "percent"], "50%"),
    // Currency.
    NumberCase(1234.5, "en-US", ["style": "currency", "currency": "USD"], "$1,234.50"),
    NumberCase(1234.5, "nl-NL", ["style": "currency", "currency": "EUR"], "€\u{00A0}1.234,50"),
    NumberCase(1234.5, "de-DE", ["style": "currency", "currency": "EUR"], "1.234,50\u{00A0}€"),
    NumberCase(
      1234.5, "fr-FR", ["style": "currency", "currency": "EUR"], "1\u{202F}234,50\u{00A0}€"),
    NumberCase(1234.5, "en-GB", ["style": "currency", "currency": "GBP"], "£1,234.50"),
    // Foundation's ICU 76 data gives ja's JPY symbol as ¥ U+00A5; stock ICU 72 / CLDR 42 on this
    // machine gives the fullwidth ￥ U+FFE5.
    NumberCase(1234.5, "ja-JP", ["style": "currency", "currency": "JPY"], "\u{00A5}1,235"),
    NumberCase(42, "en-US", ["style": "currency", "currency": "eur"], "€42.00"),
    NumberCase(
      1234.5, "en-US", ["style": "currency", "currency": "EUR", "currencyDisplay": "code"],
      "EUR\u{00A0}1,234.50"),
    NumberCase(
      1234.5, "en-US", ["style": "currency", "currency": "USD", "currencyDisplay": "name"],
      "1,234.50 US dollars"),
    NumberCase(
      1, "en-US", ["style": "currency", "currency": "USD", "currencyDisplay": "name"],
      "1.00 US dollars"),
    NumberCase(
      12, "en-US", ["style": "currency", "currency": "CAD", "currencyDisplay": "narrowSymbol"],
      "$12.00"),
    NumberCase(12, "en-US", ["style": "currency", "currency": "CAD"], "CA$12.00"),
    NumberCase(
      -1234.5, "en-US", ["style": "currency", "currency": "USD", "currencySign": "accounting"],
      "($1,234.50)"),
    NumberCase(
      0.5, "en-US", ["style": "currency", "currency": "USD", "maximumFractionDigits": 0], "$1"),
    NumberCase(1.5, "en-US", ["style": "currency", "currency": "BHD"], "BHD\u{00A0}1.500"),
    // Notation.
    NumberCase(1234.5, "en-US", ["notation": "scientific"], "1.235E3"),
    NumberCase(1_234_567, "en-US", ["notation": "compact"], "1.2M"),
    NumberCase(1_234_567, "de-DE", ["notation": "compact"], "1,2\u{00A0}Mio."),
    NumberCase(1_234_567, "ja-JP", ["notation": "compact"], "123万"),
    // Units (ICU skeletons: Foundation has no unit FormatStyle on Linux).
    NumberCase(16, "en-US", ["style": "unit", "unit": "kilometer"], "16 km"),
    NumberCase(
      16, "en-US", ["style": "unit", "unit": "kilometer", "unitDisplay": "long"], "16 kilometers"),
    NumberCase(
      1, "en-US", ["style": "unit", "unit": "kilometer", "unitDisplay": "long"], "1 kilometer"),
    NumberCase(50, "en-US", ["style": "unit", "unit": "kilometer-per-hour"], "50 km/h"),
    NumberCase(
      16.5, "de-DE", ["style": "unit", "unit": "kilometer", "unitDisplay": "long"], "16,5 Kilometer"
    ),
    NumberCase(3, "ru", ["style": "unit", "unit": "hour", "unitDisplay": "long"], "3 часа"),
    NumberCase(5, "pl", ["style": "unit", "unit": "liter", "unitDisplay": "long"], "5 litrów"),
    NumberCase(21, "fr-FR", ["style": "unit", "unit": "celsius"], "21\u{202F}°C"),
    NumberCase(
      1234.5, "en-US",
      ["style": "unit", "unit": "megabyte", "maximumFractionDigits": 0, "unitDisplay": "narrow"],
      "1,235MB"),
    NumberCase(
      1234.5, "en-US",
      ["style": "unit", "unit": "meter", "notation": "compact", "compactDisplay": "long"],
      "1.2 thousand m"),
    // Non-finite numbers follow Intl.
    NumberCase(.nan, "en-US", "NaN"),
    NumberCase(.infinity, "en-US", "∞"),
    NumberCase(-.infinity, "en-US", "-∞"),
  ]

  @Test(arguments: cases)
  func formatsLikeCLDR(_ testCase: NumberCase) throws {
    let result = try formatters.formatNumber(
      testCase.value, locale: testCase.locale, options: testCase.options)
    #expect(result.text == testCase.expected)
    #expect(result.unsupported.isEmpty, "\(result.unsupported)")
  }

  @Test(arguments: [
    (["notation": "compact", "compactDisplay": "long"] as FormatOptions, "compactDisplay", "1.2K")
  ])
  func unexpressibleOptionsAreReported(_ options: FormatOptions, _ option: String, _ text: String)
    throws
  {
    let result = try formatters.formatNumber(1234.5, locale: "en-US", options: options)
    #expect(result.unsupported.map(\.option).contains(option), "\(result.unsupported)")
    #expect(result.unsupported.allSatisfy { $0.formatter == "number" })
    #expect(result.text == text)
  }

  @Test func alwaysGroupingGroupsFourDigitsEvenInMin2Locales() throws {
    // pl has CLDR minimumGroupingDigits 2: "auto" leaves 1234 ungrouped, "always" groups it.
    let always = try formatters.formatNumber(1234, locale: "pl", options: ["useGrouping": true])
    #expect(always.text == "1\u{00A0}234")
    #expect(always.unsupported.isEmpty)
    let auto = try formatters.formatNumber(1234, locale: "pl", options: ["useGrouping": "auto"])
    #expect(auto.text == "1234")
    let english = try formatters.formatNumber(
      1234, locale: "en-US", options: ["useGrouping": "always"])
    #expect(english.text == "1,234")
    #expect(english.unsupported.isEmpty)
  }

  /// Options FormatStyle lacks but Foundation's ICU expresses (formatted via ICU skeletons).
  @Test(arguments: [
    NumberCase(12345, "en-US", ["notation": "engineering"], "12.345E3"),
    NumberCase(0.00012, "en-US", ["notation": "engineering"], "120E-6"),
    NumberCase(1.5, "en-US", ["maximumFractionDigits": 0, "roundingMode": "halfTrunc"], "1"),
    NumberCase(-1.5, "en-US", ["maximumFractionDigits": 0, "roundingMode": "halfTrunc"], "-1"),
    NumberCase(2.5, "en-US", ["maximumFractionDigits": 0, "roundingMode": "halfCeil"], "3"),
    NumberCase(-1.5, "en-US", ["maximumFractionDigits": 0, "roundingMode": "halfCeil"], "-1"),
    NumberCase(1.5, "en-US", ["maximumFractionDigits": 0, "roundingMode": "halfFloor"], "1"),
    NumberCase(-1.5, "en-US", ["maximumFractionDigits": 0, "roundingMode": "halfFloor"], "-2"),
    NumberCase(1.56, "en-US", ["maximumFractionDigits": 1, "roundingMode": "halfTrunc"], "1.6"),
    NumberCase(
      1.5, "de-DE",
      [
        "style": "currency", "currency": "EUR", "maximumFractionDigits": 0,
        "roundingMode": "halfTrunc",
      ],
      "1\u{00A0}€"),
    NumberCase(
      7, "en-US", ["minimumIntegerDigits": 3, "minimumSignificantDigits": 2], "007.0"),
    NumberCase(1234.5, "en-US", ["useGrouping": "min2"], "1234.5"),
    NumberCase(12345, "en-US", ["useGrouping": "min2"], "12,345"),
    // Node 24: {min/max fraction 2, min 3 / max 4 significant} with 1.234.
    NumberCase(
      1.234, "en-US",
      [
        "minimumFractionDigits": 2, "maximumFractionDigits": 2, "minimumSignificantDigits": 3,
        "maximumSignificantDigits": 4, "roundingPriority": "lessPrecision",
      ], "1.23"),
    NumberCase(
      1.234, "en-US",
      [
        "minimumFractionDigits": 2, "maximumFractionDigits": 2, "minimumSignificantDigits": 3,
        "maximumSignificantDigits": 4, "roundingPriority": "morePrecision",
      ], "1.234"),
    NumberCase(
      123456.789, "de-DE",
      [
        "maximumFractionDigits": 1, "maximumSignificantDigits": 2,
        "roundingPriority": "morePrecision",
      ],
      "123.456,8"),
  ])
  func icuOnlyOptionsFormatLikeIntl(_ testCase: NumberCase) throws {
    let result = try formatters.formatNumber(
      testCase.value, locale: testCase.locale, options: testCase.options)
    #expect(result.text == testCase.expected)
    #expect(result.unsupported.isEmpty)
  }

  @Test func documentedUnsupportedOptionsKeepTheirNotesOnTheICUPath() throws {
    // halfTrunc/halfFloor need the ICU path; compactDisplay long (documented as unsupported:
    // one native compact style) still reports and falls back to the short form.
    let result = try formatters.formatNumber(
      1234.5, locale: "en-US",
      options: ["useGrouping": "min2", "maximumFractionDigits": 0, "roundingMode": "halfTrunc"])
    #expect(result.text == "1234")
    #expect(result.unsupported.isEmpty)
    let compact = try formatters.formatNumber(
      1234.5, locale: "en-US",
      options: ["notation": "compact", "compactDisplay": "long", "roundingMode": "halfFloor"])
    #expect(compact.text == "1.2K")
    #expect(compact.unsupported.map(\.option) == ["compactDisplay"])
  }

  @Test(arguments: [
    ["style": "currency", "currency": "EURO"] as FormatOptions,
    ["style": "currency", "currency": "E1R"],
    ["style": "currency", "currency": "€"],
    ["style": "currency"],
    ["style": "money"],
    ["maximumFractionDigits": 101],
    ["maximumFractionDigits": 1e9],
    ["minimumFractionDigits": .double(.nan)],
    ["minimumFractionDigits": 3, "maximumFractionDigits": 1],
    ["minimumSignificantDigits": 0],
    ["maximumSignificantDigits": 22],
    ["minimumSignificantDigits": 5, "maximumSignificantDigits": 2],
    ["minimumIntegerDigits": 22],
    ["roundingIncrement": 3],
    ["roundingIncrement": 5, "maximumFractionDigits": 2],
    ["roundingMode": "sideways"],
    ["notation": "fancy"],
    ["signDisplay": "sometimes"],
    ["useGrouping": "often"],
    ["numberingSystem": "x"],
    ["style": "unit"],
    ["style": "unit", "unit": "Kilo Meter"],
    ["style": "unit", "unit": "parsec"],
    ["style": "unit", "unit": "meter-per-second-per-second"],
    ["maximumFractionDigits": "lots"],
  ])
  func malformedOptionsThrowInvalidOptions(_ options: FormatOptions) {
    #expect {
      _ = try formatters.formatNumber(1, locale: "en-US", options: options)
    } throws: { error in
      guard let failure = error as? FormatFailure, case .invalidOptions(let message) = failure
      else {
        return false
      }
      return !message.isEmpty
    }
  }

  @Test func absurdDigitsAreCheapAndBounded() throws {
    let result = try formatters.formatNumber(
      1.0 / 3.0, locale: "en-US", options: ["minimumFractionDigits": 100])
    #expect(result.text.hasPrefix("0.3333333333333333"))
    #expect(result.text.count == 102)
    let huge = try formatters.formatNumber(1e300, locale: "en-US", options: [:])
    #expect(huge.text.hasPrefix("1,000,000,000"))
  }
}
