import Foundation
import Messagevisor
import Testing

@Suite("Direct formatter helpers: presets, precedence, diagnostics (spec §3.5)")
struct FormatterTests {
  static let formats = FormatPresets(
    number: [
      "money": ["style": "currency", "currency": "USD", "minimumFractionDigits": 2],
      "plainMoney": ["style": "currency", "minimumFractionDigits": 2],
      "bad": ["style": "currency", "currency": "NOT-A-CODE"],
    ],
    date: ["utcDay": ["year": "numeric", "month": "2-digit", "day": "2-digit", "timeZone": "UTC"]],
    time: ["hm": ["hour": "2-digit", "minute": "2-digit", "hour12": false]])

  static func instance(
    diagnostics: Collector<MessagevisorDiagnostic>, currency: String? = nil, timeZone: String? = nil
  ) -> Messagevisor {
    createMessagevisor(
      MessagevisorOptions(
        datafile: makeDatafile(locale: "en-US", formats: formats), currency: currency,
        timeZone: timeZone, onDiagnostic: diagnostics.handler))
  }

  @Test("Currency precedence: call currency beats the preset's; instance currency; USD last")
  func currency() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let m = Self.instance(diagnostics: diagnostics)
    #expect(try m.formatNumber(42, preset: "money") == "$42.00")
    #expect(
      try m.formatNumber(42, preset: "money", options: EvaluationOptions(currency: "EUR"))
        == "€42.00")
    #expect(try m.formatNumber(42, preset: "plainMoney") == "$42.00")
    m.setCurrency("EUR")
    #expect(try m.formatNumber(42, preset: "plainMoney") == "€42.00")
    #expect(try m.formatNumber(42, preset: "money") == "$42.00")
    #expect(try m.formatNumber(1234.5) == "1,234.5")
  }

  @Test("Presets merge defaults → datafile → call, property by property")
  func presetMerge() throws {
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: makeDatafile(
          locale: "en-US",
          formats: FormatPresets(number: ["p": ["minimumFractionDigits": 2]])),
        defaultFormats: ["en-US": FormatPresets(number: ["p": ["style": "percent"]])],
        onDiagnostic: { _ in }))
    #expect(try m.formatNumber(0.5, preset: "p") == "50.00%")
    let call = FormatPresets(number: ["p": ["minimumFractionDigits": 1]])
    #expect(
      try m.formatNumber(0.5, preset: "p", options: EvaluationOptions(formats: call)) == "50.0%")
    #expect(try m.formatNumber(0.5, preset: "p", formatOptions: ["style": "decimal"]) == "0.50")
  }

  @Test("Missing presets report missing_format and use the native default")
  func missingFormat() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let m = Self.instance(diagnostics: diagnostics)
    #expect(try m.formatNumber(1234.5, preset: "nope") == "1,234.5")
    let diagnostic = try #require(diagnostics.items.last)
    #expect(diagnostic.code == "missing_format")
    #expect(diagnostic.message == "Named format preset not found")
    #expect(diagnostic.details == ["locale": "en-US", "type": "number", "preset": "nope"])
  }

  @Test("Invalid options report invalid_format and throw MessagevisorError")
  func invalidFormat() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let errors = Collector<MessagevisorEvent>()
    let m = Self.instance(diagnostics: diagnostics)
    _ = m.on(.error) { errors.append($0) }
    #expect(throws: MessagevisorError.self) { try m.formatNumber(1, preset: "bad") }
    #expect(diagnostics.codes.last == "invalid_format")
    #expect(diagnostics.items.last?.message == "Invalid format options")
    #expect(diagnostics.items.last?.details["type"] == "number")
    #expect(errors.items.count == 1)
    #expect(throws: MessagevisorError.self) {
      try m.formatDate(Date(), formatOptions: ["timeZone": "Mars/Olympus"])
    }
    #expect(throws: MessagevisorError.self) {
      try m.formatRelativeTime(.nan, unit: .day)
    }
    #expect(diagnostics.codes.filter { $0 == "invalid_format" }.count == 3)
  }

  @Test("Time zone precedence: call, preset, instance, host")
  func timeZones() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let m = Self.instance(diagnostics: diagnostics, timeZone: "Asia/Tokyo")
    let instant = try #require(PortableDate.parse("2026-03-29T23:30:00Z"))
    // Preset zone (UTC) beats the instance zone.
    #expect(try m.formatDate(instant, preset: "utcDay") == "03/29/2026")
    // Call zone beats the preset zone.
    #expect(
      try m.formatDate(
        instant, preset: "utcDay", options: EvaluationOptions(timeZone: "Asia/Tokyo"))
        == "03/30/2026")
    // Instance zone applies without a preset zone.
    #expect(try m.formatTime(instant, preset: "hm") == "08:30")
    #expect(
      try m.formatTime(instant, preset: "hm", options: EvaluationOptions(timeZone: "UTC"))
        == "23:30")
    m.setTimeZone(nil)
    let host = TimeZone.current.identifier
    let expected = try m.formatTime(
      instant, preset: "hm", options: EvaluationOptions(timeZone: host))
    #expect(try m.formatTime(instant, preset: "hm") == expected)
  }

  @Test("ToParts returns one literal part and reports unsupported_formatter")
  func toParts() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let m = Self.instance(diagnostics: diagnostics)
    #expect(
      try m.formatNumberToParts(1234.5) == [
        MessagevisorFormatPart(type: "literal", value: "1,234.5")
      ])
    #expect(diagnostics.codes.last == "unsupported_formatter")
    #expect(diagnostics.items.last?.level == .warn)
    #expect(diagnostics.items.last?.details["formatter"] == "number")
    let list = try m.formatListToParts(["a", "b", "c"])
    #expect(
      list == [MessagevisorFormatPart(type: "literal", value: try m.formatList(["a", "b", "c"]))])
    #expect(try m.formatDateToParts(Date(timeIntervalSince1970: 0), preset: "utcDay").count == 1)
  }

  @Test("Plural, list, display name and relative time reach the backend")
  func others() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let m = Self.instance(diagnostics: diagnostics)
    #expect(try m.formatPlural(1) == "one")
    #expect(try m.formatPlural(2) == "other")
    #expect(
      try m.formatPlural(1, formatOptions: ["minimumFractionDigits": 2], locale: "en") == "other")
    #expect(try m.formatPlural(2, formatOptions: ["type": "ordinal"]) == "two")
    #expect(try m.formatPlural(1.5, locale: "fr") == "one")
    #expect(try m.formatPlural(.nan, locale: "ru") == "other")
    #expect(try m.formatList(["iOS", "macOS", "visionOS"]) == "iOS, macOS, and visionOS")
    #expect(try m.formatDisplayName("NL", type: "region") == "Netherlands")
    #expect(
      try m.formatRelativeTime(-1, unit: .day, formatOptions: ["numeric": "auto"]) == "yesterday")
  }

  @Test("formatDisplayName honours a type in formatOptions when the type: argument is absent")
  func displayNameTypeInOptions() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let m = Self.instance(diagnostics: diagnostics)
    #expect(try m.formatDisplayName("Latn", formatOptions: ["type": .string("script")]) == "Latin")
    #expect(try m.formatDisplayName("NL", formatOptions: ["type": "region"]) == "Netherlands")
    #expect(try m.formatDisplayName("nl") == "Dutch")
    // The argument wins over the bag.
    #expect(
      try m.formatDisplayName("NL", type: "region", formatOptions: ["type": "language"])
        == "Netherlands")
  }

  @Test("The unsupported_formatter notes of the backend become warn diagnostics")
  func unsupportedNotes() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let m = Self.instance(diagnostics: diagnostics)
    _ = try m.formatNumber(1234, formatOptions: ["notation": "compact", "compactDisplay": "long"])
    let note = try #require(diagnostics.items.last { $0.code == "unsupported_formatter" })
    #expect(note.level == .warn)
    #expect(note.details["locale"] == "en-US")
    #expect(note.details["formatter"] == "number")
    #expect(note.details["option"] == "compactDisplay")
  }
}
