import Foundation
@_spi(MessagevisorModules) import Messagevisor
import Testing

@testable import MessagevisorICU

@Suite struct ICUEvaluationTests {
  let icu = ICUHarness()

  // MARK: Spec §4.1 fixtures

  @Test(arguments: [
    (MessagevisorValue.int(1), "exact"),
    (.int(2), "one:1"),
    (.double(2.5), "other:1.5"),
    (.double(1.5), "other:0.5"),
    (.int(5), "other:4"),
  ])
  func pluralOffsetAndExactBranches(value: MessagevisorValue, expected: String) throws {
    let message = "{n, plural, offset:1 =1 {exact} one {one:#} other {other:#}}"
    #expect(try icu.text(message, ["n": value]) == expected)
  }

  @Test func quotedTextIsNeverEvaluated() throws {
    #expect(try icu.text("'{quoted {d, date}}'") == "{quoted {d, date}}")
    #expect(try icu.text("'{name}'") == "{name}")
    #expect(try icu.text("You don't {x}", ["x": "mind"]) == "You don't mind")
  }

  @Test func quotedBraceBeforeANamedNumberPreset() throws {
    let formats = FormatPresets(number: ["money": ["style": "currency", "currency": "USD"]])
    let text = try icu.text(
      "This '{' literal {amount, number, money}", ["amount": 12.5], formats: formats)
    #expect(text == "This { literal $12.50")
  }

  @Test func currencySkeleton() throws {
    #expect(try icu.text("{amount, number, ::currency/USD}", ["amount": 0.5]) == "$0.50")
    #expect(try icu.text("{amount, number, ::currency/USD .00}", ["amount": 0.5]) == "$0.50")
  }

  @Test(arguments: [
    (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"),
    (13, "13th"), (21, "21st"), (22, "22nd"), (23, "23rd"), (101, "101st"), (111, "111th"),
  ])
  func selectOrdinalEnglish(value: Int, expected: String) throws {
    let message = "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}"
    #expect(try icu.text(message, ["n": .int(value)]) == expected)
  }

  // MARK: Seed snippets

  @Test(arguments: [(0, "No items"), (1, "1 item"), (2, "2 items"), (1000, "1,000 items")])
  func seedPluralSnippet(count: Int, expected: String) throws {
    let message = "{count, plural, =0 {No items} one {# item} other {# items}}"
    #expect(try icu.text(message, ["count": .int(count)]) == expected)
  }

  @Test func seedDateLongSnippet() throws {
    #expect(try icu.text("{when, date, long}", ["when": .date(sampleDate)]) == "May 12, 2026")
  }

  @Test func seedWelcomeSnippet() throws {
    #expect(try icu.text("Welcome back, {name}", ["name": "Ada"]) == "Welcome back, Ada")
    #expect(try icu.text("Hello, {name}", ["name": "Ada"]) == "Hello, Ada")
  }

  // MARK: Nesting and plural rules of other locales

  @Test(arguments: [
    ("female", 1, "She has 1 item"), ("female", 3, "She has 3 items"),
    ("male", 1, "He has 1 item"), ("other", 0, "They have no items"),
    ("robot", 2, "They have 2 items"),
  ])
  func nestedSelectAndPlural(gender: String, count: Int, expected: String) throws {
    let message = """
      {gender, select, \
      female {She has {count, plural, one {# item} other {# items}}} \
      male {He has {count, plural, one {# item} other {# items}}} \
      other {They have {count, plural, =0 {no items} one {# item} other {# items}}}}
      """
    #expect(try icu.text(message, ["gender": .string(gender), "count": .int(count)]) == expected)
  }

  @Test(arguments: [
    ("ru", MessagevisorValue.int(1), "1 товар"), ("ru", .int(3), "3 товара"),
    ("ru", .int(5), "5 товаров"), ("ru", .int(21), "21 товар"), ("ru", .int(11), "11 товаров"),
    ("ru", .double(1.5), "1,5 товара"),
    ("pl", .int(1), "1 plik"), ("pl", .int(2), "2 pliki"), ("pl", .int(5), "5 plików"),
    ("pl", .int(22), "22 pliki"), ("pl", .double(1.5), "1,5 pliku"),
    ("cy", .int(0), "0 cŵn"), ("cy", .int(1), "1 ci"), ("cy", .int(2), "2 gi"),
    ("cy", .int(3), "3 chi"), ("cy", .int(6), "6 chi (many)"), ("cy", .int(4), "4 ci (other)"),
    // CLDR 46 "ar" uses Latin digits; ar-EG uses Arabic-Indic digits.
    ("ar", .int(0), "0 zero"), ("ar", .int(1), "1 one"), ("ar", .int(2), "2 two"),
    ("ar", .int(3), "3 few"), ("ar", .int(11), "11 many"), ("ar", .int(100), "100 other"),
    ("ar-EG", .int(3), "\u{0663} few"), ("ar-EG", .int(11), "\u{0661}\u{0661} many"),
    ("ar-EG", .int(102), "\u{0661}\u{0660}\u{0662} other"),
  ])
  func pluralRulesOfOtherLocales(locale: String, value: MessagevisorValue, expected: String)
    throws
  {
    let messages = [
      "ru": "{n, plural, one {# товар} few {# товара} many {# товаров} other {# товара}}",
      "pl": "{n, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}",
      "cy":
        "{n, plural, zero {# cŵn} one {# ci} two {# gi} few {# chi} many {# chi (many)} other {# ci (other)}}",
      "ar":
        "{n, plural, zero {# zero} one {# one} two {# two} few {# few} many {# many} other {# other}}",
    ]
    let message = try #require(messages[String(locale.prefix(2))])
    #expect(try icu.text(message, ["n": value], locale: locale) == expected)
  }

  @Test func selectedEmptyBranchIsEmpty() throws {
    #expect(try icu.text("[{n, plural, =0 {} other {#}}]", ["n": 0]) == "[]")
    #expect(try icu.text("[{s, select, a {} other {x}}]", ["s": "a"]) == "[]")
  }

  @Test func selectUsesTheTextOfNonStringValues() throws {
    let message = "{v, select, true {yes} 1 {one} other {other}}"
    #expect(try icu.text(message, ["v": true]) == "yes")
    #expect(try icu.text(message, ["v": 1]) == "one")
    #expect(try icu.text(message, ["v": 1.0]) == "one")
    #expect(try icu.text(message, ["v": .null]) == "other")
  }

  @Test func pluralAcceptsNumericStrings() throws {
    #expect(try icu.text("{n, plural, one {# item} other {# items}}", ["n": "1"]) == "1 item")
  }

  // MARK: Missing and invalid values

  @Test func missingValuesOnlyMatterOnTheEvaluatedPath() throws {
    let message = "{s, select, a {{missing}} other {ok {n, plural, one {{gone}} other {#}}}}"
    #expect(try icu.text(message, ["s": "b", "n": 2]) == "ok 2")
    #expect(
      icu.failure(message, ["s": "a"]).error as? ICUFormatError
        == .missingValue(argument: "missing"))
    #expect(
      icu.failure(message, ["s": "b", "n": 1]).error as? ICUFormatError
        == .missingValue(argument: "gone"))
    #expect(
      icu.failure(message, ["s": "b"]).error as? ICUFormatError == .missingValue(argument: "n"))
    #expect(icu.failure(message).error as? ICUFormatError == .missingValue(argument: "s"))
    #expect(icu.failure("{n, number}").error as? ICUFormatError == .missingValue(argument: "n"))
    #expect(icu.failure("{d, date}").error as? ICUFormatError == .missingValue(argument: "d"))
  }

  @Test func nullRendersEmptyButIsNotMissing() throws {
    #expect(try icu.text("[{x}]", ["x": .null]) == "[]")
  }

  @Test func nonNumericValuesAreErrors() {
    let number = icu.failure("{n, number}", ["n": "abc"]).error
    #expect(
      number as? ICUFormatError
        == .invalidValue(
          argument: "n", expected: "a number for number", actual: "the string \"abc\""))
    let plural = icu.failure("{n, plural, other {#}}", ["n": true]).error
    #expect(
      plural as? ICUFormatError
        == .invalidValue(argument: "n", expected: "a number for plural", actual: "the boolean true")
    )
  }

  @Test func parseErrorsSurfaceAsParseErrors() {
    let (error, notes) = icu.failure("{n, plural, one {x}}", ["n": 1])
    #expect((error as? ICUParseError)?.expected == "an 'other' branch")
    #expect(notes.isEmpty)
  }

  // MARK: Numbers

  @Test(arguments: [
    ("{n, number}", "en-US", 1234.5, "1,234.5"),
    ("{n, number}", "de-DE", 1234.5, "1.234,5"),
    ("{n, number}", "fr-FR", 1234.5, "1\u{202F}234,5"),
    ("{n, number, integer}", "en-US", 2.7, "3"),
    ("{n, number, percent}", "en-US", 0.25, "25%"),
    ("{n, number, fancy}", "en-US", 1234.5, "1,234.5"),
    ("{n, number, ::percent}", "en-US", 0.25, "25%"),
    ("{n, number, ::precision-integer}", "en-US", 2.5, "3"),
    ("{n, number, ::group-off}", "en-US", 12345, "12345"),
    ("{n, number, ::group-off group-auto}", "en-US", 12345, "12,345"),
    ("{n, number, ::sign-always}", "en-US", 5, "+5"),
    ("{n, number, ::sign-never}", "en-US", -5, "5"),
    ("{n, number, ::sign-except-zero}", "en-US", 0, "0"),
    ("{n, number, ::sign-except-zero}", "en-US", 5, "+5"),
    ("{n, number, ::scientific}", "en-US", 12345, "1.235E4"),
    ("{n, number, ::scale/100}", "en-US", 0.5, "50"),
    ("{n, number, ::.00##}", "en-US", 1.5, "1.50"),
    ("{n, number, ::.00##}", "en-US", 1.234567, "1.2346"),
    ("{n, number, ::currency/EUR unit-width-iso-code}", "en-US", 5, "EUR\u{00A0}5.00"),
    ("{n, number, ::currency/EUR unit-width-full-name}", "en-US", 5, "5.00 euros"),
    ("{n, number, ::currency/EUR unit-width-short}", "en-US", 5, "€5.00"),
    ("{n, number, ::currency/EUR .00}", "nl-NL", 1234.5, "€\u{00A0}1.234,50"),
    ("{n, number, ::currency/EUR}", "de-DE", 1234.5, "1.234,50\u{00A0}€"),
  ])
  func numberStylesAndSkeletons(message: String, locale: String, value: Double, expected: String)
    throws
  {
    #expect(try icu.text(message, ["n": .double(value)], locale: locale) == expected)
  }

  @Test func builtinCurrencyStyleUsesThePayloadCurrency() throws {
    #expect(try icu.text("{n, number, currency}", ["n": 12.5]) == "$12.50")
    #expect(try icu.text("{n, number, currency}", ["n": 12.5], currency: "EUR") == "€12.50")
  }

  @Test func namedPresetWinsOverBuiltinStyle() throws {
    let formats = FormatPresets(number: [
      "integer": ["style": "percent"], "percent": ["maximumFractionDigits": 1],
    ])
    // {…builtin, …preset}: integer keeps maximumFractionDigits 0 and gains style percent.
    #expect(try icu.text("{n, number, integer}", ["n": 0.256], formats: formats) == "26%")
    #expect(try icu.text("{n, number, percent}", ["n": 0.256], formats: formats) == "25.6%")
  }

  @Test func unsupportedSkeletonTokensReportThenThrow() {
    let (error, notes) = icu.failure(
      "{n, number, ::compact-short currency/EUR measure-unit/length-meter}", ["n": 5])
    #expect(
      error as? ICUFormatError
        == .unsupportedSkeleton(
          argument: "n", tokens: ["compact-short", "measure-unit/length-meter"]))
    #expect(notes.map(\.code) == ["unsupported_formatter", "unsupported_formatter"])
    #expect(notes.map(\.isError) == [false, false])
    #expect(notes.first?.details["option"] == "compact-short")
    #expect(notes.first?.details["formatter"] == "number")
    #expect(notes.first?.details["locale"] == "en-US")
  }

  @Test func unsupportedSkeletonInAnUnselectedBranchIsNotEvaluated() throws {
    let message = "{s, select, a {{n, number, ::compact-short}} other {fine}}"
    #expect(try icu.text(message, ["s": "b"]) == "fine")
  }

  // MARK: Dates and times

  @Test(arguments: [
    ("{d, date}", "en-US", "5/12/2026"),
    ("{d, date}", "en-GB", "12/05/2026"),
    ("{d, date, short}", "en-US", "5/12/26"),
    ("{d, date, medium}", "en-US", "May 12, 2026"),
    ("{d, date, long}", "en-US", "May 12, 2026"),
    ("{d, date, full}", "en-US", "Tuesday, May 12, 2026"),
    ("{d, date, long}", "de-DE", "12. Mai 2026"),
    ("{d, date, ::yyyyMMdd}", "en-US", "05/12/2026"),
    ("{d, date, ::yyyyMMdd}", "en-GB", "12/05/2026"),
    ("{d, time}", "en-US", "3:30:00\u{202F}PM"),
    ("{d, time}", "en-GB", "15:30:00"),
    ("{d, time, short}", "en-US", "3:30\u{202F}PM"),
    ("{d, time, ::HHmm}", "en-US", "15:30"),
  ])
  func datesAndTimes(message: String, locale: String, expected: String) throws {
    #expect(try icu.text(message, ["d": .date(sampleDate)], locale: locale) == expected)
  }

  @Test func dateValuesMayBeEpochMillisOrISOStrings() throws {
    let millis = MessagevisorValue.int(1_778_599_800_000)
    let iso = MessagevisorValue.string("2026-05-12T17:30:00+02:00")
    #expect(try icu.text("{d, date, medium}", ["d": millis]) == "May 12, 2026")
    #expect(try icu.text("{d, time, short}", ["d": iso]) == "3:30\u{202F}PM")
  }

  @Test(arguments: [
    MessagevisorValue.string("2026-05-12"), .string("yesterday"), .double(.nan), .double(.infinity),
    .bool(true),
  ])
  func invalidDatesReportInvalidFormatAndThrow(value: MessagevisorValue) {
    let (error, notes) = icu.failure("{d, date}", ["d": value])
    guard case .invalidValue(let argument, _, _)? = error as? ICUFormatError else {
      Issue.record("expected invalidValue, got \(String(describing: error))")
      return
    }
    #expect(argument == "d")
    #expect(notes.map(\.code) == ["invalid_format"])
  }

  @Test func datePresetsWinAndKeepTheirTimeZone() throws {
    let formats = FormatPresets(
      date: ["short": ["year": "numeric", "month": "long", "timeZone": "Asia/Tokyo"]],
      time: ["medium": ["hour": "numeric", "minute": "2-digit", "timeZone": "Asia/Tokyo"]])
    let late = Date(timeIntervalSince1970: 1_778_625_000)  // 2026-05-12T22:30Z → 13 May in Tokyo
    #expect(try icu.text("{d, date, short}", ["d": .date(late)], formats: formats) == "May 2026")
    #expect(try icu.text("{d, time}", ["d": .date(late)], formats: formats) == "7:30\u{202F}AM")
  }

  @Test(arguments: [
    (1_774_744_200.0, "en-US", "1:30\u{202F}AM"), (1_774_747_800.0, "en-US", "3:30\u{202F}AM"),
    (1_774_744_200.0, "en-GB", "01:30"), (1_774_747_800.0, "en-GB", "03:30"),
  ])
  func payloadTimeZoneAcrossTheAmsterdamDSTChange(seconds: Double, locale: String, expected: String)
    throws
  {
    let date = MessagevisorValue.date(Date(timeIntervalSince1970: seconds))
    let text = try icu.text(
      "{d, time, short}", ["d": date], locale: locale, timeZone: "Europe/Amsterdam")
    #expect(text == expected)
  }

  @Test func unknownTimeZoneIsAFormatFailure() {
    let formats = FormatPresets(date: ["bad": ["dateStyle": "short", "timeZone": "Mars/Base"]])
    let (error, notes) = icu.failure("{d, date, bad}", ["d": .date(sampleDate)], formats: formats)
    guard case .formatFailed(let argument, _)? = error as? ICUFormatError else {
      Issue.record("expected formatFailed, got \(String(describing: error))")
      return
    }
    #expect(argument == "d")
    #expect(notes.map(\.code) == ["invalid_format"])
  }

  // MARK: Tags

  @Test func tagsStayLiteralAndRichRequestsAreReported() throws {
    let plain = try icu.run("Hello <b>{name}</b>", ["name": "Ada"])
    #expect(plain.text == "Hello <b>Ada</b>")
    #expect(plain.notes.isEmpty)
    let rich = try icu.run("Hello <b>{name}</b>", ["name": "Ada"], ignoreTags: false)
    #expect(rich.text == "Hello <b>Ada</b>")
    #expect(rich.notes.map(\.code) == ["unsupported_formatter"])
    #expect(
      rich.notes.first?.message
        == "Rich ICU tag callbacks are not supported by the Swift string API")
    let noTags = try icu.run("Hello {name}", ["name": "Ada"], ignoreTags: false)
    #expect(noTags.notes.isEmpty)
  }

  // MARK: Bad input

  @Test func badInputIsAnErrorNotACrash() {
    let deep =
      String(repeating: "{a, select, other {", count: 10_000)
      + String(repeating: "}}", count: 10_000)
    #expect(icu.failure(deep, ["a": "x"]).error is ICUParseError)
    #expect(icu.failure("Hello {name", ["name": "x"]).error is ICUParseError)
    #expect(icu.failure("{n, plural, one {#}}", ["n": 1]).error is ICUParseError)
    let huge = String(repeating: "{", count: 1 << 20)
    #expect(icu.failure(huge).error is ICUParseError)
  }

  @Test func megabyteMessageEvaluates() throws {
    let chunk = "{n, plural, one {# item} other {# items}} for {name}. "
    let count = (1 << 20) / chunk.utf8.count + 1
    let text = try icu.text(String(repeating: chunk, count: count), ["n": 2, "name": "Ada"])
    #expect(text == String(repeating: "2 items for Ada. ", count: count))
  }
}
