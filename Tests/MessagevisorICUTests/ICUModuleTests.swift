import Foundation
@_spi(MessagevisorModules) import Messagevisor
import MessagevisorICU
import Testing

/// Collects diagnostics from any thread.
final class DiagnosticLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [MessagevisorDiagnostic] = []

  var all: [MessagevisorDiagnostic] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  /// Codes of warn-or-worse diagnostics (drops lifecycle info such as `sdk_initialized`).
  var codes: [String] {
    all.filter { $0.level == .warn || $0.level == .error || $0.level == .fatal }.map(\.code)
  }

  func record(_ diagnostic: MessagevisorDiagnostic) {
    lock.lock()
    defer { lock.unlock() }
    stored.append(diagnostic)
  }
}

@Suite struct ICUModuleTests {
  func makeInstance(
    locale: String = "en-US", timeZone: String? = "UTC", currency: String? = nil,
    defaultFormats: [String: FormatPresets] = [:],
    defaultTranslations: [String: [String: String]] = [:],
    module: MessagevisorModule = createICUModule(), log: DiagnosticLog = DiagnosticLog()
  ) -> Messagevisor {
    createMessagevisor(
      MessagevisorOptions(
        locale: locale, currency: currency, timeZone: timeZone,
        defaultTranslations: defaultTranslations, defaultFormats: defaultFormats,
        onDiagnostic: { log.record($0) }, logLevel: .debug, modules: [module]))
  }

  @Test func moduleNames() {
    #expect(createICUModule().name == "icu")
    #expect(createICUModule(name: "messages", ignoreTags: false).name == "messages")
  }

  @Test func seedSnippetsThroughFormatMessage() throws {
    let m = makeInstance()
    #expect(
      try m.formatMessage(
        "{count, plural, =0 {No items} one {# item} other {# items}}", values: ["count": 2])
        == "2 items")
    #expect(
      try m.formatMessage("{amount, number, ::currency/USD .00}", values: ["amount": 0.5])
        == "$0.50")
    #expect(
      try m.formatMessage("{when, date, long}", values: ["when": .date(sampleDate)])
        == "May 12, 2026")
    #expect(try m.formatMessage("Hello, {name}", values: ["name": "Ada"]) == "Hello, Ada")
  }

  @Test func translateRunsTheModule() throws {
    let m = makeInstance(defaultTranslations: [
      "en-US": [
        "dashboard.welcome": "Welcome back, {name}",
        "cart": "{n, plural, one {# item} other {# items}}",
      ]
    ])
    #expect(try m.translate("dashboard.welcome", values: ["name": "Ada"]) == "Welcome back, Ada")
    #expect(try m.t("cart", values: ["n": 1]) == "1 item")
  }

  @Test func moneyPresetWithCallCurrency() throws {
    let m = makeInstance(defaultFormats: [
      "en-US": FormatPresets(number: ["money": ["style": "currency", "minimumFractionDigits": 2]])
    ])
    let message = "This '{' literal {amount, number, money}"
    #expect(try m.formatMessage(message, values: ["amount": 12.5]) == "This { literal $12.50")
    #expect(
      try m.formatMessage(
        message, values: ["amount": 12.5], options: EvaluationOptions(currency: "EUR"))
        == "This { literal €12.50")
  }

  @Test func missingValueReportsInvalidMessageAndRethrowsTheOriginalError() {
    let log = DiagnosticLog()
    let m = makeInstance(log: log)
    #expect(throws: ICUFormatError.missingValue(argument: "name")) {
      try m.formatMessage("Hello {name}")
    }
    let diagnostic = log.all.first { $0.code == "invalid_message" }
    #expect(diagnostic?.details["hook"] == "format")
    #expect(diagnostic?.moduleName == "icu" || diagnostic?.details["moduleName"] == "icu")
    #expect(diagnostic?.originalError is ICUFormatError)
  }

  @Test func parseErrorsAreRethrown() {
    let m = makeInstance()
    #expect {
      try m.formatMessage("{n, plural, one {x}}", values: ["n": 1])
    } throws: { error in
      (error as? ICUParseError)?.offset == 19
    }
  }

  @Test func unsupportedSkeletonReportsThenThrows() {
    let log = DiagnosticLog()
    let m = makeInstance(log: log)
    #expect(throws: ICUFormatError.unsupportedSkeleton(argument: "n", tokens: ["compact-short"])) {
      try m.formatMessage("{n, number, ::compact-short}", values: ["n": 1200])
    }
    #expect(log.codes == ["unsupported_formatter", "invalid_message"])
    let unsupported = log.all.first { $0.code == "unsupported_formatter" }
    #expect(unsupported?.level == .warn)
    #expect(unsupported?.module == "icu")
    #expect(unsupported?.details["option"] == "compact-short")
  }

  @Test func ignoreTagsRuntimeOptionOverridesTheConstructor() throws {
    let message = "Hello <b>{name}</b>"
    let values: MessagevisorValues = ["name": "Ada"]

    let plainLog = DiagnosticLog()
    let plain = makeInstance(log: plainLog)
    #expect(try plain.formatMessage(message, values: values) == "Hello <b>Ada</b>")
    #expect(plainLog.codes.contains("unsupported_formatter") == false)
    let rich = EvaluationOptions(moduleOptions: ["icu": ["ignoreTags": false]])
    #expect(try plain.formatMessage(message, values: values, options: rich) == "Hello <b>Ada</b>")
    #expect(plainLog.codes.filter { $0 == "unsupported_formatter" }.count == 1)
    #expect(
      plainLog.all.first { $0.code == "unsupported_formatter" }?.message
        == "Rich ICU tag callbacks are not supported by the Swift string API")

    let strictLog = DiagnosticLog()
    let strict = makeInstance(module: createICUModule(ignoreTags: false), log: strictLog)
    #expect(try strict.formatMessage(message, values: values) == "Hello <b>Ada</b>")
    #expect(strictLog.codes.filter { $0 == "unsupported_formatter" }.count == 1)
    let lenient = EvaluationOptions(moduleOptions: ["icu": ["ignoreTags": true]])
    _ = try strict.formatMessage(message, values: values, options: lenient)
    #expect(strictLog.codes.filter { $0 == "unsupported_formatter" }.count == 1)
  }

  // MARK: Time zones agree with the direct helpers (fixture v5 `timeZones` shape)

  static let amsterdamEdges: [(Double, String, String)] = [
    // (epoch seconds, en-GB short time, en-US short time) in Europe/Amsterdam
    (1_774_744_200, "01:30", "1:30\u{202F}AM"),  // 2026-03-29T00:30Z, CET
    (1_774_747_800, "03:30", "3:30\u{202F}AM"),  // 2026-03-29T01:30Z, CEST
  ]

  enum ZoneSource: String, CaseIterable, Sendable { case instance, preset, call }

  @Test(arguments: ["en-GB", "en-US"], ZoneSource.allCases)
  func timeZonesAgreeWithDirectHelpers(locale: String, source: ZoneSource) throws {
    let zone = "Europe/Amsterdam"
    var presets = FormatPresets(
      date: ["day": ["dateStyle": "full"]], time: ["clock": ["timeStyle": "short"]])
    if source == .preset {
      presets.date?["day"]?["timeZone"] = .string(zone)
      presets.time?["clock"]?["timeZone"] = .string(zone)
    }
    let m = makeInstance(
      locale: locale, timeZone: source == .instance ? zone : "UTC",
      defaultFormats: [locale: presets])
    let options = EvaluationOptions(timeZone: source == .call ? zone : nil)
    for (seconds, gb, us) in Self.amsterdamEdges {
      let date = Date(timeIntervalSince1970: seconds)
      let values: MessagevisorValues = ["d": .date(date)]
      let icuTime = try m.formatMessage("{d, time, clock}", values: values, options: options)
      let directTime = try m.formatTime(date, preset: "clock", options: options)
      #expect(icuTime == directTime)
      #expect(icuTime == (locale == "en-GB" ? gb : us))
      let icuDate = try m.formatMessage("{d, date, day}", values: values, options: options)
      #expect(icuDate == (try m.formatDate(date, preset: "day", options: options)))
      // Foundation's ICU 76 keeps the comma in the en-GB full date (Node 24 prints none).
      #expect(icuDate == (locale == "en-GB" ? "Sunday, 29 March 2026" : "Sunday, March 29, 2026"))
      if source != .preset {
        let bareTime = try m.formatMessage("{d, time, short}", values: values, options: options)
        let directShort = try m.formatTime(
          date, formatOptions: ["timeStyle": "short"], options: options)
        #expect(bareTime == directShort)
        let bareDate = try m.formatMessage("{d, date}", values: values, options: options)
        #expect(bareDate == (try m.formatDate(date, options: options)))
        #expect(bareDate == (locale == "en-GB" ? "29/03/2026" : "3/29/2026"))
        let skeleton = try m.formatMessage("{d, time, ::HHmm}", values: values, options: options)
        #expect(skeleton == gb)
      }
    }
  }

  @Test func childInstancesUseTheirOwnZone() throws {
    let m = makeInstance(locale: "en-GB")
    let child = m.spawn(options: SpawnOptions(timeZone: "Europe/Amsterdam"))
    let values: MessagevisorValues = ["d": .date(Date(timeIntervalSince1970: 1_774_747_800))]
    #expect(try m.formatMessage("{d, time, short}", values: values) == "01:30")
    #expect(try child.formatMessage("{d, time, short}", values: values) == "03:30")
  }
}
