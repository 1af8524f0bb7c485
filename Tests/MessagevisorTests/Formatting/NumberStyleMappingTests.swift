import Foundation
import Testing

@_spi(MessagevisorModules) @testable import Messagevisor

/// Checks the ECMA-402 → FormatStyle mapping against ICU itself: for every option set whose
/// plan has no unsupported notes, the FormatStyle output must equal the output of the ICU number
/// skeleton that Intl (V8) would build for the same options.
@Suite struct NumberStyleMappingTests {
  static let optionSets: [FormatOptions] = [
    [:],
    ["maximumFractionDigits": 0],
    ["minimumFractionDigits": 2],
    ["minimumFractionDigits": 1, "maximumFractionDigits": 4],
    ["maximumSignificantDigits": 3],
    ["minimumSignificantDigits": 4, "maximumSignificantDigits": 6],
    ["minimumIntegerDigits": 4, "maximumFractionDigits": 1],
    ["useGrouping": false],
    ["signDisplay": "always"],
    ["signDisplay": "exceptZero"],
    ["signDisplay": "never"],
    ["signDisplay": "negative"],
    ["roundingMode": "ceil", "maximumFractionDigits": 1],
    ["roundingMode": "floor", "maximumFractionDigits": 1],
    ["roundingMode": "expand", "maximumFractionDigits": 1],
    ["roundingMode": "trunc", "maximumFractionDigits": 1],
    ["roundingMode": "halfEven", "maximumFractionDigits": 2],
    ["roundingIncrement": 5, "minimumFractionDigits": 2, "maximumFractionDigits": 2],
    ["roundingIncrement": 25, "minimumFractionDigits": 2, "maximumFractionDigits": 2],
    ["trailingZeroDisplay": "stripIfInteger", "minimumFractionDigits": 2],
    ["notation": "scientific"],
    ["notation": "scientific", "maximumFractionDigits": 1],
    ["notation": "compact"],
    ["notation": "compact", "maximumFractionDigits": 2],
    ["style": "percent"],
    ["style": "percent", "minimumFractionDigits": 1],
    ["style": "percent", "signDisplay": "exceptZero"],
    ["style": "currency", "currency": "EUR"],
    ["style": "currency", "currency": "JPY"],
    ["style": "currency", "currency": "USD", "currencyDisplay": "code"],
    ["style": "currency", "currency": "USD", "currencyDisplay": "name"],
    ["style": "currency", "currency": "CAD", "currencyDisplay": "narrowSymbol"],
    ["style": "currency", "currency": "USD", "currencySign": "accounting"],
    [
      "style": "currency", "currency": "EUR", "currencySign": "accounting", "signDisplay": "always",
    ],
    ["style": "currency", "currency": "EUR", "signDisplay": "exceptZero"],
    ["style": "currency", "currency": "EUR", "maximumFractionDigits": 0],
    ["style": "currency", "currency": "EUR", "notation": "compact"],
    ["numberingSystem": "arab"],
  ]
  static let locales = ["en-US", "de-DE", "fr-FR", "nl-NL", "ar-EG", "ja-JP", "pl", "ru", "cy"]
  static let values: [Double] = [
    0, -0.0, 1, -1, 1.5, -2.5, 0.125, 0.005, 1234.5678, -98765.4321, 1e-7, 123_456_789.987,
    1_000_000, 0.96, 999.9999,
  ]

  @Test(arguments: locales)
  func formatStyleMatchesIntlSkeletons(_ locale: String) throws {
    let formatters = NativeFormatters()
    var compared = 0
    var differences: [String] = []
    for options in Self.optionSets {
      let plan = try formatters.numberPlan(locale: locale, options: options)
      guard plan.notes.isEmpty, let skeleton = plan.referenceSkeleton else { continue }
      let icuLocale = Locale.identifier(.icu, from: locale)
      let reference = try #require(
        ICUBridge.SkeletonNumberFormatter(skeleton: skeleton, locale: icuLocale),
        "skeleton \(skeleton)")
      for value in Self.values {
        let ours = plan.formatWithStyle(value)
        let icu = reference.format(value)
        compared += 1
        if ours != icu {
          differences.append(
            "\(options) \(value): FormatStyle \"\(ours)\" vs ICU \"\(icu ?? "nil")\" [\(skeleton)]")
        }
      }
    }
    #expect(compared > 400)
    #expect(differences.isEmpty, "\(differences.prefix(12).joined(separator: "\n"))")
  }
}
