import Foundation
import Testing

@_spi(MessagevisorModules) @testable import Messagevisor

@Suite struct RelativeTimeFormattingTests {
  let formatters = NativeFormatters()

  @Test(arguments: [
    (-1.0, Calendar.Component.day, "en-US", [:] as FormatOptions, "1 day ago"),
    (-1, .day, "en-US", ["numeric": "auto"], "yesterday"),
    (1, .day, "de-DE", ["numeric": "auto"], "morgen"),
    (2, .hour, "en-US", [:], "in 2 hours"),
    (1.5, .day, "en-US", [:], "in 1.5 days"),
    (-3, .month, "en-US", ["style": "short"], "3 mo. ago"),
    (-3, .month, "en-US", ["style": "narrow"], "3mo ago"),
    (0, .second, "en-US", ["numeric": "auto"], "now"),
    (-2, .day, "ru", [:], "2 дня назад"),
    (5, .minute, "pl", [:], "za 5 minut"),
    (2, .minute, "pl", [:], "za 2 minuty"),
    (-1, .weekOfYear, "nl-NL", ["numeric": "auto"], "vorige week"),
    (3, .year, "fr-FR", [:], "dans 3 ans"),
    (1, .quarter, "en-GB", [:], "in 1 quarter"),
    (-1, .day, "ar", ["numeric": "auto"], "أمس"),
    (3, .day, "ar-EG", [:], "خلال \u{0663} أيام"),
    (2, .day, "cy", [:], "ymhen deuddydd"),  // CLDR cy "two" pattern has no numeral
    (3, .day, "cy", [:], "ymhen 3 diwrnod"),
    (1, .day, "ja-JP", ["numeric": "auto"], "明日"),
  ])
  func formatsLikeCLDR(
    _ value: Double, _ unit: Calendar.Component, _ locale: String, _ options: FormatOptions,
    _ expected: String
  ) throws {
    let result = try formatters.formatRelativeTime(
      value, unit: unit, locale: locale, options: options)
    #expect(result.text == expected)
    #expect(result.unsupported.isEmpty)
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func nonFiniteValuesAreInvalid(_ value: Double) {
    #expect {
      _ = try formatters.formatRelativeTime(value, unit: .day, locale: "en", options: [:])
    } throws: { error in
      if case .invalidValue = error as? FormatFailure { return true }
      return false
    }
  }

  @Test func extremeValuesDoNotTrap() throws {
    let far = try formatters.formatRelativeTime(-1e300, unit: .year, locale: "en", options: [:])
    #expect(far.text.hasSuffix("years ago"))
    let tiny = try formatters.formatRelativeTime(1e-300, unit: .second, locale: "en", options: [:])
    #expect(tiny.text == "in 0 seconds")
  }

  @Test func badOptionsAndUnitsAreInvalid() {
    #expect(throws: FormatFailure.self) {
      _ = try formatters.formatRelativeTime(
        1, unit: .day, locale: "en", options: ["numeric": "sometimes"])
    }
    #expect(throws: FormatFailure.self) {
      _ = try formatters.formatRelativeTime(1, unit: .nanosecond, locale: "en", options: [:])
    }
  }
}

@Suite struct ListFormattingTests {
  let formatters = NativeFormatters()

  @Test(arguments: [
    (["iOS", "macOS", "visionOS"], "en-US", [:] as FormatOptions, "iOS, macOS, and visionOS"),
    (["a", "b", "c"], "en-GB", [:], "a, b and c"),
    (["a", "b", "c"], "en-US", ["type": "disjunction"], "a, b, or c"),
    (["a", "b", "c"], "en-US", ["style": "short"], "a, b, & c"),
    (["a", "b", "c"], "en-US", ["style": "narrow"], "a, b, c"),
    (["a", "b", "c"], "en-US", ["type": "unit"], "a, b, c"),
    (["a", "b", "c"], "en-US", ["type": "unit", "style": "narrow"], "a b c"),
    (["a", "b", "c"], "nl-NL", [:], "a, b en c"),
    (["a", "b", "c"], "de-DE", [:], "a, b und c"),
    (["a", "b", "c"], "fr-FR", ["type": "disjunction"], "a, b ou c"),
    (["a", "b"], "ru", [:], "a и b"),
    (["a", "b", "c"], "pl", [:], "a, b i c"),
    // CLDR cy writes "a(c)" (a before consonants, ac before vowels).
    (["a", "b"], "cy", [:], "a a(c) b"),
    (["a", "b", "c"], "ja-JP", [:], "a、b、c"),
    // CLDR 46 Arabic lists isolate each item with FSI … PDI.
    (["a", "b"], "ar", ["type": "disjunction"], "\u{2068}a\u{2069} أو \u{2068}b\u{2069}"),
    (["solo"], "en-US", [:], "solo"),
    ([], "en-US", [:], ""),
  ])
  func formatsLikeCLDR(
    _ values: [String], _ locale: String, _ options: FormatOptions, _ expected: String
  )
    throws
  {
    let result = try formatters.formatList(values, locale: locale, options: options)
    #expect(result.text == expected)
    #expect(result.unsupported.isEmpty)
  }

  @Test func badOptionsThrow() {
    #expect(throws: FormatFailure.self) {
      _ = try formatters.formatList(["a"], locale: "en", options: ["type": "and"])
    }
    #expect(throws: FormatFailure.self) {
      _ = try formatters.formatList(["a"], locale: "en", options: ["style": "tiny"])
    }
  }
}

@Suite struct DisplayNameTests {
  let formatters = NativeFormatters()

  @Test(arguments: [
    ("NL", "en-US", "region", "Netherlands"),
    ("nl", "en-US", "region", "Netherlands"),
    ("NL", "nl-NL", "region", "Nederland"),
    ("DE", "fr-FR", "region", "Allemagne"),
    ("JP", "ja-JP", "region", "日本"),
    ("419", "en-US", "region", "Latin America"),
    ("nl", "en-US", "language", "Dutch"),
    ("de", "de-DE", "language", "Deutsch"),
    ("cy", "en-GB", "language", "Welsh"),
    ("Latn", "en-US", "script", "Latin"),
    ("cyrl", "ru", "script", "кириллица"),
    ("EUR", "en-US", "currency", "Euro"),
    ("usd", "de-DE", "currency", "US-Dollar"),
    ("PLN", "pl", "currency", "złoty polski"),
  ])
  func namesComeFromTheLocale(_ code: String, _ locale: String, _ type: String, _ expected: String)
    throws
  {
    let result = try formatters.formatDisplayName(
      code, locale: locale, options: ["type": .string(type)])
    #expect(result?.text == expected)
    #expect(result?.unsupported.isEmpty == true)
  }

  @Test func dialectNamesAreReported() throws {
    let result = try formatters.formatDisplayName(
      "en-GB", locale: "en-US", options: ["type": "language"])
    #expect(result?.text == "English (United Kingdom)")
    #expect(result?.unsupported.map(\.option) == ["languageDisplay"])
    let standard = try formatters.formatDisplayName(
      "en-GB", locale: "en-US", options: ["type": "language", "languageDisplay": "standard"])
    #expect(standard?.unsupported.isEmpty == true)
  }

  @Test func unknownCodesFallBack() throws {
    #expect(
      try formatters.formatDisplayName("xy", locale: "en", options: ["type": "region"])?.text
        == "XY")
    #expect(
      try formatters.formatDisplayName(
        "XY", locale: "en", options: ["type": "region", "fallback": "none"]) == nil)
    #expect(
      try formatters.formatDisplayName(
        "XYZ", locale: "en", options: ["type": "currency", "fallback": "none"]) == nil)
    #expect(
      try formatters.formatDisplayName("qqq", locale: "en", options: ["type": "language"])?.text
        == "qqq")
  }

  @Test(arguments: [
    ("NL", [:] as FormatOptions),
    ("NL", ["type": "country"]),
    ("NL", ["type": "region", "fallback": "maybe"]),
  ])
  func badOptionsAreInvalidOptions(_ code: String, _ options: FormatOptions) {
    #expect {
      _ = try formatters.formatDisplayName(code, locale: "en", options: options)
    } throws: { error in
      if case .invalidOptions = error as? FormatFailure { return true }
      return false
    }
  }

  @Test(arguments: [
    ("N", "region"), ("NLD1", "region"), ("Lat", "script"), ("EURO", "currency"),
    ("e1", "language"),
    ("", "language"), ("en--GB", "language"),
  ])
  func badCodesAreInvalidValues(_ code: String, _ type: String) {
    #expect {
      _ = try formatters.formatDisplayName(code, locale: "en", options: ["type": .string(type)])
    } throws: { error in
      if case .invalidValue = error as? FormatFailure { return true }
      return false
    }
  }
}
