import Foundation
import Testing

@testable import Messagevisor

/// Dates are formatted through ICU's `UDateFormat` directly (``ICUBridge/PatternDateFormat``)
/// instead of `DateFormatter`: both must give the same text for every locale, calendar,
/// numbering system, time zone, pattern and instant, including dates before the Gregorian
/// reform, far years and daylight-saving transitions.
@Suite("Direct ICU date formats")
struct DirectDateFormatTests {
  static let locales = [
    "en-US", "en-GB", "de-DE", "fr-CA", "es-419", "ja-JP", "ja-JP-u-ca-japanese", "ar-SA", "ar-EG",
    "fa-IR", "th-TH", "he-IL", "hi-IN", "zh-Hans-CN", "zh-Hant-TW", "ko-KR", "ru-RU", "sr-Latn-RS",
    "bn-BD", "my-MM", "am-ET", "en-US-u-ca-buddhist", "en-US-u-nu-arab", "pt-BR", "tr-TR", "pl-PL",
  ]

  static let optionSets: [FormatOptions] = [
    ["dateStyle": "full"],
    ["dateStyle": "long", "timeStyle": "long"],
    ["dateStyle": "short", "timeStyle": "short", "hour12": false],
    ["timeStyle": "full"],
    ["year": "numeric", "month": "long", "day": "numeric", "weekday": "long", "era": "short"],
    ["hour": "numeric", "minute": "2-digit", "second": "2-digit", "timeZoneName": "long"],
    ["hour": "2-digit", "minute": "numeric", "hourCycle": "h23"],
    ["month": "short", "year": "2-digit"],
    ["minute": "numeric", "second": "numeric", "fractionalSecondDigits": 3],
    ["hour": "numeric", "timeZoneName": "shortOffset"],
    ["dateStyle": "long", "calendar": "islamic-umalqura"],
    ["dateStyle": "medium", "calendar": "hebrew", "numberingSystem": "deva"],
  ]

  static let timeZones: [String?] = [
    nil, "UTC", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham",
    "America/St_Johns", "Europe/Dublin", "+05:30", "-03:00",
  ]

  /// Seconds since 1970: year 1, just before and at the Gregorian reform, year 1000, 1970, 2001,
  /// a US daylight-saving change, 2026, year 9999, and ECMAScript's extremes.
  static let instants: [Double] = [
    -62_135_596_800, -12_219_379_200, -12_219_292_800, -30_610_224_000, 0, 1e9, 1_710_054_000,
    1_779_235_200, 253_402_300_799, -8.64e12, 8.64e12, -100_000_000_000.5,
  ]

  @Test("DateFormatter and the direct ICU format give the same text")
  func directFormatMatchesDateFormatter() throws {
    var compared = 0
    var mismatches: [String] = []
    for locale in Self.locales {
      for base in Self.optionSets {
        for zone in Self.timeZones {
          var options = base
          if let zone { options["timeZone"] = .string(zone) }
          let read = try DateOptions.read(
            locale: locale, options: options, defaults: .date, formatter: "formatDate")
          let direct = DatePlan(read)
          let foundation = DatePlan(read, direct: false)
          #expect(direct.formatsDirectly, "\(locale) \(options): no direct ICU format")
          for instant in Self.instants {
            let date = Date(timeIntervalSince1970: instant)
            let expected = foundation.format(date)
            let actual = direct.format(date)
            compared += 1
            if actual != expected, mismatches.count < 20 {
              mismatches.append(
                "\(locale) \(options) \(instant): \(expected.debugDescription) vs \(actual.debugDescription)"
              )
            }
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    #expect(
      compared == Self.locales.count * Self.optionSets.count * Self.timeZones.count
        * Self.instants.count)
  }

  @Test("Output longer than the stack buffer is formatted in full")
  func longOutputIsComplete() throws {
    let literal = String(repeating: "x", count: 300)
    let format = try #require(
      ICUBridge.PatternDateFormat(pattern: "'\(literal)' y", locale: "en_US", timeZone: "UTC"))
    #expect(format.format(Date(timeIntervalSince1970: 1_779_235_200)) == literal + " 2026")
  }

}
