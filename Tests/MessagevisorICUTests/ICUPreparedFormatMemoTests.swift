import Foundation
@_spi(MessagevisorModules) import Messagevisor
import Testing

@testable import MessagevisorICU

/// The prepared-format memo must never serve a result prepared for another locale, currency,
/// preset table or time zone: the same messages are formatted through one long-lived formatter
/// while those inputs change between calls, and every output is compared with a fresh formatter
/// (no memo state) and, where stable, with the literal expected text.
@Suite struct ICUPreparedFormatMemoTests {
  struct Call {
    var message: String
    var values: MessagevisorValues
    var locale: String
    var timeZone: String
    var currency: String?
    var formats: FormatPresets
  }

  static let money2 = FormatPresets(number: [
    "money": ["style": "currency", "minimumFractionDigits": 2]
  ])
  static let money0 = FormatPresets(number: [
    "money": ["style": "currency", "minimumFractionDigits": 0, "maximumFractionDigits": 0]
  ])
  static let moneyUSD = FormatPresets(number: ["money": ["style": "currency", "currency": "USD"]])
  static let shortDate = FormatPresets(date: ["long": ["month": "short", "day": "numeric"]])

  static let calls: [Call] = {
    var calls: [Call] = []
    let amount: MessagevisorValues = ["amount": 1234.5]
    let when: MessagevisorValues = ["when": .date(sampleDate)]
    for _ in 0..<2 {
      for locale in ["en-US", "nl-NL", "de-DE"] {
        for currency in ["EUR", "JPY", "GBP"] as [String?] {
          for formats in [money2, money0, moneyUSD, FormatPresets()] {
            calls.append(
              Call(
                message: "{amount, number, money}", values: amount, locale: locale,
                timeZone: "UTC", currency: currency, formats: formats))
            calls.append(
              Call(
                message: "{amount, number, currency}", values: amount, locale: locale,
                timeZone: "UTC", currency: currency, formats: formats))
          }
        }
        calls.append(
          Call(
            message: "{amount, number, ::currency/EUR .00}", values: amount, locale: locale,
            timeZone: "UTC", currency: nil, formats: FormatPresets()))
        calls.append(
          Call(
            message: "{amount, number}", values: amount, locale: locale, timeZone: "UTC",
            currency: nil, formats: FormatPresets()))
        for timeZone in ["UTC", "Pacific/Kiritimati", "America/Los_Angeles"] {
          for formats in [FormatPresets(), shortDate] {
            for message in [
              "{when, date, long}", "{when, time, short}", "{when, date, ::yMMMd}", "{when, time}",
            ] {
              calls.append(
                Call(
                  message: message, values: when, locale: locale, timeZone: timeZone,
                  currency: nil, formats: formats))
            }
          }
        }
      }
    }
    return calls
  }()

  @Test func changingInputsBetweenCallsNeverServeStaleFormats() throws {
    let shared = ICUHarness()
    for call in Self.calls {
      let memoised = try shared.run(
        call.message, call.values, locale: call.locale, timeZone: call.timeZone,
        currency: call.currency, formats: call.formats)
      let fresh = try ICUHarness().run(
        call.message, call.values, locale: call.locale, timeZone: call.timeZone,
        currency: call.currency, formats: call.formats)
      #expect(
        memoised.text == fresh.text,
        "\(call.message) \(call.locale) \(call.timeZone) \(call.currency ?? "-")")
      #expect(memoised.notes == fresh.notes)
    }
  }

  @Test func literalResultsAcrossChanges() throws {
    let harness = ICUHarness()
    let amount: MessagevisorValues = ["amount": 1234.5]
    let money = "{amount, number, money}"
    #expect(
      try harness.text(money, amount, locale: "nl-NL", currency: "EUR", formats: Self.money2)
        == "€\u{A0}1.234,50")
    #expect(
      try harness.text(money, amount, locale: "en-US", currency: "EUR", formats: Self.money2)
        == "€1,234.50")
    #expect(
      try harness.text(money, amount, locale: "en-US", currency: "GBP", formats: Self.money2)
        == "£1,234.50")
    #expect(
      try harness.text(money, amount, locale: "en-US", currency: "GBP", formats: Self.money0)
        == "£1,235")
    #expect(
      try harness.text(money, amount, locale: "en-US", currency: "GBP", formats: Self.moneyUSD)
        == "$1,234.50")
    // A preset table edited in place gets new storage, so the memo misses.
    var edited = Self.money2
    edited.number?["money"]?["minimumFractionDigits"] = 3
    #expect(
      try harness.text(money, amount, locale: "en-US", currency: "GBP", formats: edited)
        == "£1,234.500")
    let when: MessagevisorValues = ["when": .date(sampleDate)]
    #expect(try harness.text("{when, time, short}", when, timeZone: "UTC") == "3:30\u{202F}PM")
    #expect(
      try harness.text("{when, time, short}", when, timeZone: "Asia/Tokyo") == "12:30\u{202F}AM")
    #expect(try harness.text("{when, date, long}", when, timeZone: "UTC") == "May 12, 2026")
    #expect(
      try harness.text("{when, date, long}", when, timeZone: "Pacific/Kiritimati")
        == "May 13, 2026")
    #expect(
      try harness.text("{when, date, long}", when, timeZone: "UTC", formats: Self.shortDate)
        == "May 12")
  }

  @Test func engineCallsWithChangingOptions() throws {
    let instance = createMessagevisor(
      MessagevisorOptions(
        locale: "en-US", currency: "EUR", timeZone: "UTC",
        defaultFormats: ["en-US": Self.money2, "nl-NL": Self.money2], logLevel: .error,
        modules: [createICUModule()]))
    let amount: MessagevisorValues = ["amount": 1234.5]
    let money = "{amount, number, money}"
    let when: MessagevisorValues = ["when": .date(sampleDate)]
    for _ in 0..<2 {
      #expect(try instance.formatMessage(money, values: amount) == "€1,234.50")
      #expect(
        try instance.formatMessage(
          money, values: amount, options: EvaluationOptions(currency: "GBP")) == "£1,234.50")
      #expect(
        try instance.formatMessage(
          money, values: amount, options: EvaluationOptions(locale: "nl-NL"))
          == "€\u{A0}1.234,50")
      #expect(
        try instance.formatMessage(
          money, values: amount, options: EvaluationOptions(formats: Self.money0)) == "€1,235")
      #expect(try instance.formatMessage("{when, time, short}", values: when) == "3:30\u{202F}PM")
      #expect(
        try instance.formatMessage(
          "{when, time, short}", values: when, options: EvaluationOptions(timeZone: "Asia/Tokyo"))
          == "12:30\u{202F}AM")
    }
  }
}
