import Foundation
import Testing

@_spi(MessagevisorModules) @testable import Messagevisor

/// One date/time expectation (CLDR 46 via Foundation's ICU 76).
struct DateCase: Sendable, CustomTestStringConvertible {
  enum Kind: Sendable { case date, time }
  var kind: Kind
  var instant: Double
  var locale: String
  var options: FormatOptions
  var expected: String
  var testDescription: String { "\(kind) \(locale) \(options)" }

  init(
    _ kind: Kind, _ locale: String, _ options: FormatOptions, _ expected: String,
    at instant: Double = DateCase.may12
  ) {
    self.kind = kind
    self.instant = instant
    self.locale = locale
    self.options = options
    self.expected = expected
  }

  /// 2026-05-12T14:00:00Z, a Tuesday.
  static let may12 = 1_778_594_400.0
}

@Suite struct DateTimeFormattingTests {
  let formatters = NativeFormatters()
  static let utc: FormatOptions = ["timeZone": "UTC"]

  static func with(_ extra: FormatOptions) -> FormatOptions {
    utc.merging(extra) { _, new in new }
  }

  static let cases: [DateCase] = [
    // Intl default date: numeric year, month, day.
    DateCase(.date, "en-US", utc, "5/12/2026"),
    DateCase(.date, "en-GB", utc, "12/05/2026"),
    DateCase(.date, "de-DE", utc, "12.5.2026"),
    DateCase(.date, "nl-NL", utc, "12-5-2026"),
    DateCase(.date, "fr-FR", utc, "12/05/2026"),
    DateCase(.date, "ja-JP", utc, "2026/5/12"),
    DateCase(.date, "ru", utc, "12.05.2026"),
    DateCase(.date, "pl", utc, "12.05.2026"),
    DateCase(.date, "cy", utc, "12/5/2026"),
    DateCase(
      .date, "ar-EG", utc,
      "\u{0661}\u{0662}\u{200F}/\u{0665}\u{200F}/\u{0662}\u{0660}\u{0662}\u{0666}"),
    DateCase(.date, "ar", utc, "12\u{200F}/5\u{200F}/2026"),
    // Styles.
    DateCase(.date, "en-US", with(["dateStyle": "short"]), "5/12/26"),
    DateCase(.date, "en-US", with(["dateStyle": "long"]), "May 12, 2026"),
    DateCase(.date, "en-US", with(["dateStyle": "full"]), "Tuesday, May 12, 2026"),
    DateCase(.date, "de-DE", with(["dateStyle": "full"]), "Dienstag, 12. Mai 2026"),
    DateCase(.date, "fr-FR", with(["dateStyle": "full"]), "mardi 12 mai 2026"),
    DateCase(.date, "nl-NL", with(["dateStyle": "long"]), "12 mei 2026"),
    DateCase(.date, "ru", with(["dateStyle": "long"]), "12 мая 2026\u{202F}г."),
    DateCase(.date, "pl", with(["dateStyle": "long"]), "12 maja 2026"),
    DateCase(.date, "cy", with(["dateStyle": "long"]), "12 Mai 2026"),
    // Foundation's bundled ICU carries Apple's ja data: "y年M月d日 EEEE" (stock CLDR 46 and Node
    // have no space: "2026年5月12日火曜日").
    DateCase(.date, "ja-JP", with(["dateStyle": "full"]), "2026年5月12日 火曜日"),
    DateCase(.date, "en-GB", with(["dateStyle": "medium"]), "12 May 2026"),
    // Foundation's ICU glues every style length with CLDR's "atTime" pattern ("{1} 'at' {0}");
    // stock ICU/Node use "{1}, {0}" for medium: "May 12, 2026, 2:00 PM".
    DateCase(
      .date, "en-US", with(["dateStyle": "medium", "timeStyle": "short"]),
      "May 12, 2026 at 2:00\u{202F}PM"),
    DateCase(.time, "en-US", with(["timeStyle": "short"]), "2:00\u{202F}PM"),
    DateCase(.time, "en-GB", with(["timeStyle": "short"]), "14:00"),
    DateCase(.time, "de-DE", with(["timeStyle": "medium"]), "14:00:00"),
    DateCase(
      .time, "en-US", with(["timeStyle": "full"]), "2:00:00\u{202F}PM Coordinated Universal Time"),
    // Intl default time: hour, minute, second.
    DateCase(.time, "en-US", utc, "2:00:00\u{202F}PM"),
    DateCase(.time, "fr-FR", utc, "14:00:00"),
    // Fields.
    DateCase(
      .date, "de-DE", with(["weekday": "long", "day": "numeric", "month": "long"]),
      "Dienstag, 12. Mai"),
    DateCase(.date, "en-US", with(["year": "numeric", "era": "short"]), "2026 AD"),
    DateCase(
      .date, "en-US", with(["year": "2-digit", "month": "2-digit", "day": "2-digit"]), "05/12/26"),
    DateCase(.date, "en-US", with(["month": "short", "day": "numeric"]), "May 12"),
    DateCase(.time, "en-US", with(["hour": "numeric", "minute": "2-digit"]), "2:00\u{202F}PM"),
    DateCase(
      .time, "en-US",
      with(["minute": "2-digit", "second": "2-digit", "fractionalSecondDigits": 3]), "00:00.000"),
    // Hour cycles: hour12 beats hourCycle.
    DateCase(
      .time, "en-US", with(["hour": "numeric", "minute": "2-digit", "hourCycle": "h23"]), "14:00"),
    DateCase(
      .time, "en-GB", with(["hour": "numeric", "minute": "2-digit", "hour12": true]),
      "2:00\u{202F}pm"),
    DateCase(
      .time, "en-GB",
      with(["hour": "numeric", "minute": "2-digit", "hour12": true, "hourCycle": "h23"]),
      "2:00\u{202F}pm"),
    DateCase(.time, "en-US", with(["timeStyle": "short", "hour12": false]), "14:00"),
    DateCase(.time, "en-GB", with(["timeStyle": "short", "hourCycle": "h12"]), "2:00\u{202F}pm"),
    DateCase(
      .date, "en-US", with(["dateStyle": "medium", "timeStyle": "short", "hourCycle": "h23"]),
      "May 12, 2026 at 14:00"),
    DateCase(
      .time, "en-US", with(["hour": "numeric", "minute": "2-digit", "hourCycle": "h11"]),
      "0:30\u{202F}PM", at: 1_778_589_000),
    DateCase(
      .time, "en-US", with(["hour": "numeric", "minute": "2-digit", "hourCycle": "h24"]), "24:30",
      at: 1_778_545_800),
    DateCase(
      .time, "ja-JP", with(["hour": "numeric", "minute": "2-digit", "hour12": true]), "午後2:00"),
    // Hour field length matched like V8 (UDATPG_MATCH_HOUR_FIELD_LENGTH), at 08:30:45Z: patterns
    // from the locale's available formats take the requested width, composed ones keep theirs.
    // Each expectation is Node 24's output in upstream project-1.
    DateCase(
      .time, "en-GB", with(["hour": "numeric", "minute": "2-digit", "timeZoneName": "short"]),
      "08:30 UTC", at: 1_778_574_645),
    DateCase(.time, "en-GB", with(["hour": "numeric"]), "08", at: 1_778_574_645),
    DateCase(.time, "fr-FR", with(["hour": "numeric"]), "08 h", at: 1_778_574_645),
    DateCase(
      .time, "en-US", with(["hour": "numeric", "minute": "2-digit", "hour12": false]), "08:30",
      at: 1_778_574_645),
    DateCase(
      .time, "en-GB", with(["hour": "numeric", "minute": "2-digit"]), "8:30", at: 1_778_574_645),
    DateCase(
      .time, "en-GB", with(["hour": "2-digit", "minute": "2-digit"]), "08:30", at: 1_778_574_645),
    DateCase(
      .time, "de-DE", with(["hour": "numeric", "minute": "2-digit", "second": "2-digit"]),
      "8:30:45",
      at: 1_778_574_645),
    DateCase(.time, "en-US", with(["hour": "2-digit"]), "08\u{202F}AM", at: 1_778_574_645),
    DateCase(
      .time, "en-US", with(["hour": "2-digit", "minute": "2-digit", "hourCycle": "h11"]),
      "00:30\u{202F}AM", at: 1_778_545_800),
    // Flexible day periods.
    DateCase(.time, "en-US", with(["hour": "numeric", "dayPeriod": "long"]), "2 in the afternoon"),
    DateCase(.time, "en-US", with(["dayPeriod": "short"]), "in the afternoon"),
    // Time zones and names.
    DateCase(
      .time, "en-US",
      [
        "timeZone": "Europe/Amsterdam", "hour": "numeric", "minute": "2-digit",
        "timeZoneName": "short",
      ], "4:00\u{202F}PM GMT+2"),
    DateCase(
      .time, "en-US",
      [
        "timeZone": "America/New_York", "hour": "numeric", "minute": "2-digit",
        "timeZoneName": "long",
      ], "10:00\u{202F}AM Eastern Daylight Time"),
    DateCase(
      .time, "en-US",
      ["timeZone": "America/New_York", "hour": "numeric", "timeZoneName": "shortGeneric"],
      "10\u{202F}AM ET"),
    DateCase(
      .time, "en-GB",
      [
        "timeZone": "Asia/Kolkata", "hour": "2-digit", "minute": "2-digit",
        "timeZoneName": "shortOffset",
      ], "19:30 GMT+5:30"),
    DateCase(
      .time, "en-GB",
      [
        "timeZone": "Asia/Kolkata", "hour": "2-digit", "minute": "2-digit",
        "timeZoneName": "longOffset",
      ], "19:30 GMT+05:30"),
    DateCase(.time, "en-GB", ["timeZone": "utc", "hour": "2-digit", "minute": "2-digit"], "14:00"),
    DateCase(
      .time, "en-GB", ["timeZone": "+05:30", "hour": "2-digit", "minute": "2-digit"], "19:30"),
    DateCase(
      .time, "en-GB", ["timeZone": "-0800", "hour": "2-digit", "minute": "2-digit"], "06:00"),
    DateCase(
      .time, "en-GB", ["timeZone": "asia/tokyo", "hour": "2-digit", "minute": "2-digit"], "23:00"),
    DateCase(.time, "en-GB", ["timeZone": "UTC", "timeStyle": "long"], "14:00:00 UTC"),
    // Cairo observes DST again since 2023 (tz 2025b): 14:00Z is 17:00. Foundation's ICU data uses
    // "d MMMM، y، h:mm a" (Arabic commas, U+00A0 before م); stock ICU 72 / CLDR 42 here gives
    // "d MMMM y في h:mm a".
    DateCase(
      .date, "ar-EG", ["timeZone": "Africa/Cairo", "dateStyle": "long", "timeStyle": "short"],
      "\u{0661}\u{0662} مايو\u{060C} \u{0662}\u{0660}\u{0662}\u{0666}\u{060C} \u{0665}:\u{0660}\u{0660}\u{00A0}م"
    ),
    // DST edges in Europe/Amsterdam: 2026-03-29T00:30Z is 01:30 CET, 01:30Z is 03:30 CEST.
    DateCase(
      .time, "en-GB",
      [
        "timeZone": "Europe/Amsterdam", "hour": "2-digit", "minute": "2-digit",
        "timeZoneName": "short",
      ], "01:30 CET", at: 1_774_744_200),
    DateCase(
      .time, "en-GB",
      [
        "timeZone": "Europe/Amsterdam", "hour": "2-digit", "minute": "2-digit",
        "timeZoneName": "short",
      ], "03:30 CEST", at: 1_774_747_800),
    DateCase(
      .date, "nl-NL", ["timeZone": "Europe/Amsterdam", "dateStyle": "short", "timeStyle": "short"],
      "29-03-2026, 01:30", at: 1_774_744_200),
    DateCase(
      .date, "nl-NL", ["timeZone": "Europe/Amsterdam", "dateStyle": "short", "timeStyle": "short"],
      "29-03-2026, 03:30", at: 1_774_747_800),
    // Calendars and numbering systems.
    // Foundation's ICU data: "MMMM d, G y" (stock CLDR 46 / Node: "May 12, 8 Reiwa").
    DateCase(
      .date, "en-US", with(["dateStyle": "long", "calendar": "japanese"]), "May 12, Reiwa 8"),
    DateCase(
      .date, "en-US", with(["numberingSystem": "arab"]),
      "\u{0665}/\u{0661}\u{0662}/\u{0662}\u{0660}\u{0662}\u{0666}"),
    DateCase(.date, "ar-EG", with(["numberingSystem": "latn"]), "12\u{200F}/5\u{200F}/2026"),
  ]

  @Test(arguments: cases)
  func formatsLikeCLDR(_ testCase: DateCase) throws {
    let date = Date(timeIntervalSince1970: testCase.instant)
    let result =
      switch testCase.kind {
      case .date:
        try formatters.formatDate(date, locale: testCase.locale, options: testCase.options)
      case .time:
        try formatters.formatTime(date, locale: testCase.locale, options: testCase.options)
      }
    #expect(result.text == testCase.expected)
    #expect(result.unsupported.isEmpty)
  }

  @Test(arguments: [
    ["timeZone": "Mars/Olympus_Mons"] as FormatOptions,
    ["timeZone": "UTC", "dateStyle": "long", "hour": "numeric"],
    ["timeZone": "UTC", "dateStyle": "huge"],
    ["timeZone": "UTC", "hourCycle": "h25"],
    ["timeZone": "UTC", "fractionalSecondDigits": 4],
    ["timeZone": "UTC", "month": "longest"],
    ["timeZone": "UTC", "timeZoneName": "medium"],
    ["timeZone": "UTC", "hour12": "yes"],
    ["timeZone": "UTC", "calendar": "x"],
  ])
  func malformedOptionsThrow(_ options: FormatOptions) {
    #expect {
      _ = try formatters.formatDate(
        Date(timeIntervalSince1970: 0), locale: "en-US", options: options)
    } throws: { error in
      if case .invalidOptions = error as? FormatFailure { return true }
      return false
    }
  }

  @Test(arguments: [Double.nan, .infinity, 9e15])
  func nonFiniteDatesThrowInvalidValue(_ seconds: Double) {
    #expect(throws: FormatFailure.self) {
      _ = try formatters.formatDate(
        Date(timeIntervalSince1970: seconds), locale: "en-US", options: Self.utc)
    }
    #expect(throws: FormatFailure.self) {
      _ = try formatters.formatTime(
        Date(timeIntervalSince1970: seconds), locale: "en-US", options: Self.utc)
    }
  }

  @Test func rangesUseIntervalPatterns() throws {
    let start = Date(timeIntervalSince1970: DateCase.may12)
    let days = try formatters.formatDateTimeRange(
      start, start.addingTimeInterval(3 * 86_400), locale: "en-US",
      options: Self.with(["dateStyle": "medium"]))
    #expect(days.text == "May 12\u{2009}–\u{2009}15, 2026")
    let hours = try formatters.formatDateTimeRange(
      start, start.addingTimeInterval(3 * 3_600), locale: "en-US",
      options: Self.with(["hour": "numeric", "minute": "2-digit"]))
    #expect(hours.text == "2:00\u{2009}–\u{2009}5:00\u{202F}PM")
    let german = try formatters.formatDateTimeRange(
      start, start.addingTimeInterval(3 * 86_400), locale: "de-DE",
      options: Self.with(["day": "numeric", "month": "long", "year": "numeric"]))
    #expect(german.text == "12.–15. Mai 2026")
    let twentyFour = try formatters.formatDateTimeRange(
      start, start.addingTimeInterval(3 * 3_600), locale: "en-US",
      options: Self.with(["timeStyle": "short", "hour12": false]))
    #expect(twentyFour.text == "14:00\u{2009}–\u{2009}17:00")
    #expect(throws: FormatFailure.self) {
      _ = try formatters.formatDateTimeRange(
        start, Date(timeIntervalSince1970: .nan), locale: "en-US", options: Self.utc)
    }
  }

  @Test func timeZonesAgreeBetweenDateAndTime() throws {
    let instant = Date(timeIntervalSince1970: 1_774_747_800)
    let options: FormatOptions = [
      "timeZone": "Europe/Amsterdam", "dateStyle": "short", "timeStyle": "short",
    ]
    let date = try formatters.formatDate(instant, locale: "en-GB", options: options)
    let time = try formatters.formatTime(instant, locale: "en-GB", options: options)
    #expect(date.text == "29/03/2026, 03:30")
    #expect(date == time)
  }
}
