import Foundation
import Testing

@_spi(MessagevisorModules) @testable import Messagevisor

@Suite struct FormatterCacheTests {
  @Test func cachesAreBoundedFIFO() throws {
    let formatters = NativeFormatters(capacity: 3)
    for digits in 0..<10 {
      _ = try formatters.formatNumber(
        1.5, locale: "en-US", options: ["maximumFractionDigits": .int(digits)])
      _ = try formatters.formatDate(
        Date(timeIntervalSince1970: 0), locale: "en-US",
        options: [
          "timeZone": "UTC", "year": .string(digits % 2 == 0 ? "numeric" : "2-digit"),
          "day": digits == 0 ? "numeric" : "2-digit",
          "month": .string(["long", "short", "narrow", "numeric", "2-digit"][digits % 5]),
        ])
      _ = try formatters.pluralCategory(
        Double(digits), locale: "ru", options: ["maximumFractionDigits": .int(digits)])
    }
    #expect(formatters.numberPlans.count == 3)
    #expect(formatters.datePlans.count <= 3)
    #expect(formatters.pluralPlans.count == 3)
    // The newest entries survive; results stay right after eviction.
    #expect(
      try formatters.formatNumber(1.25, locale: "en-US", options: ["maximumFractionDigits": 1]).text
        == "1.3")
  }

  @Test func failuresAreNotCached() {
    let formatters = NativeFormatters(capacity: 10)
    for _ in 0..<3 {
      #expect(throws: FormatFailure.self) {
        _ = try formatters.formatNumber(
          1, locale: "en", options: ["style": "currency", "currency": "EURO"])
      }
    }
    #expect(formatters.numberPlans.count == 0)
  }

  @Test func keysDependOnLocaleAndEveryOption() throws {
    let formatters = NativeFormatters()
    let euro: FormatOptions = ["style": "currency", "currency": "EUR"]
    #expect(
      try formatters.formatNumber(1234.5, locale: "nl-NL", options: euro).text
        == "€\u{00A0}1.234,50")
    #expect(
      try formatters.formatNumber(1234.5, locale: "de-DE", options: euro).text
        == "1.234,50\u{00A0}€")
    var dollars = euro
    dollars["currency"] = "USD"
    #expect(
      try formatters.formatNumber(1234.5, locale: "en-US", options: dollars).text == "$1,234.50")
    #expect(formatters.numberPlans.count == 3)
  }

  @Test func sharedAcrossConcurrentCallers() async throws {
    let formatters = NativeFormatters(capacity: 8)
    let locales = ["en-US", "nl-NL", "de-DE", "fr-FR", "ja-JP", "ru", "pl", "cy", "ar-EG", "en-GB"]
    var expected: [String: String] = [:]
    let reference = NativeFormatters()
    for locale in locales {
      expected[locale] =
        try reference.formatNumber(
          1234.5, locale: locale, options: ["style": "currency", "currency": "EUR"]
        ).text
        + "|"
        + reference.formatDate(
          Date(timeIntervalSince1970: 1_774_747_800), locale: locale,
          options: ["timeZone": "Europe/Amsterdam", "dateStyle": "medium", "timeStyle": "short"]
        ).text
        + "|" + reference.pluralCategory(22, locale: locale, options: [:]).text
    }
    let snapshot = expected
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for worker in 0..<8 {
        group.addTask {
          var bad = 0
          for round in 0..<60 {
            let locale = locales[(worker + round) % locales.count]
            let text =
              ((try? formatters.formatNumber(
                1234.5, locale: locale, options: ["style": "currency", "currency": "EUR"]
              ).text) ?? "")
              + "|"
              + ((try? formatters.formatDate(
                Date(timeIntervalSince1970: 1_774_747_800), locale: locale,
                options: [
                  "timeZone": "Europe/Amsterdam", "dateStyle": "medium", "timeStyle": "short",
                ]
              ).text) ?? "")
              + "|"
              + ((try? formatters.pluralCategory(22, locale: locale, options: [:]).text) ?? "")
            if text != snapshot[locale] { bad += 1 }
          }
          return bad
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
    #expect(formatters.numberPlans.count <= 8)
  }
}
