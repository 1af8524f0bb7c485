import Foundation
import Testing

@_spi(MessagevisorModules) @testable import Messagevisor

@Suite struct PreparedFormatTests {
  let formatters = NativeFormatters()

  @Test(arguments: NumberFormattingTests.cases)
  func preparedNumbersMatchDirectCalls(_ testCase: NumberCase) throws {
    let prepared = try formatters.preparedNumberFormat(
      locale: testCase.locale, options: testCase.options)
    let direct = try formatters.formatNumber(
      testCase.value, locale: testCase.locale, options: testCase.options)
    #expect(prepared.format(testCase.value) == direct)
    #expect(prepared.text(testCase.value) == testCase.expected)
  }

  @Test func preparedPluralsMatchDirectCalls() throws {
    for (locale, options) in [
      ("ru", [:] as FormatOptions), ("en", ["type": "ordinal"]),
      ("en", ["minimumFractionDigits": 1]),
    ] {
      let prepared = try formatters.preparedPluralRules(locale: locale, options: options)
      for value: Double in [0, 1, 1.5, 2, 3, 5, 11, 21, 22, 101, 1e6, -.infinity] {
        #expect(
          prepared.category(value).name
            == (try formatters.pluralCategory(value, locale: locale, options: options).text))
      }
    }
  }

  @Test func preparedDatesMatchDirectCalls() throws {
    let options: FormatOptions = [
      "timeZone": "Europe/Amsterdam", "hour": "2-digit", "minute": "2-digit",
    ]
    let instant = Date(timeIntervalSince1970: 1_774_747_800)
    let time = try formatters.preparedDateFormat(locale: "en-GB", options: options, time: true)
    #expect(
      try time.format(instant) == formatters.formatTime(instant, locale: "en-GB", options: options))
    #expect(try time.format(instant).text == "03:30")
    #expect(throws: FormatFailure.self) { _ = try time.format(Date(timeIntervalSince1970: .nan)) }
    #expect(throws: FormatFailure.self) {
      _ = try formatters.preparedDateFormat(
        locale: "en", options: ["timeZone": "Nowhere/Land"], time: false)
    }
  }
}
