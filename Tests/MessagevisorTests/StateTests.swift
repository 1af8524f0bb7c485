import Foundation
import Messagevisor
import Testing

@Suite("Locale, context, currency, time zone, direction, revisions (spec §3.2)")
struct StateTests {
  @Test("setLocale requires a datafile; failure reports missing_datafile and changes nothing")
  func setLocale() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let events = Collector<MessagevisorEvent>()
    let m = createMessagevisor(
      MessagevisorOptions(datafile: makeDatafile(locale: "en"), onDiagnostic: diagnostics.handler))
    _ = m.on(.change) { events.append($0) }
    let before = m.getSnapshot()
    #expect(throws: MessagevisorError.self) { try m.setLocale("nl") }
    #expect(diagnostics.codes.last == "missing_datafile")
    #expect(diagnostics.items.last?.details == ["locale": "nl"])
    #expect(m.getSnapshot() == before)
    #expect(events.items.isEmpty)
  }

  @Test("getDatafile / getRevision / getDirection")
  func datafileAccessors() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let m = createMessagevisor(MessagevisorOptions(onDiagnostic: diagnostics.handler))
    #expect(try m.getDirection() == nil)
    #expect(diagnostics.items.filter { $0.code != "sdk_initialized" }.isEmpty)
    #expect(throws: MessagevisorError("Datafile not found: no locale is set")) {
      try m.getDatafile()
    }
    #expect(diagnostics.codes.last == "missing_locale")
    #expect(diagnostics.items.last?.message == "Datafile not found: no locale is set")
    #expect(diagnostics.items.last?.details == ["locale": .null])
    m.setDatafile(makeDatafile(locale: "ar", revision: "12", direction: "rtl"))
    m.setDatafile(makeDatafile(locale: "en", revision: "3", direction: "ltr"))
    #expect(try m.getDirection() == "rtl")
    #expect(try m.getDirection(locale: "en") == "ltr")
    #expect(try m.getRevision() == "12")
    #expect(try m.getRevision(locale: "en") == "3")
    #expect(throws: MessagevisorError.self) { try m.getDirection(locale: "fr") }
    #expect(diagnostics.codes.last == "missing_datafile")
    #expect(try m.getDatafile(locale: "en").revision == "3")
  }

  @Test("Context merges shallowly by default and replaces on request")
  func context() {
    let events = Collector<MessagevisorEvent>()
    let m = createMessagevisor(
      MessagevisorOptions(context: ["a": 1, "nested": ["x": 1, "y": 2]], onDiagnostic: { _ in }))
    _ = m.on(.contextSet) { events.append($0) }
    m.setContext(["b": 2, "nested": ["x": 3]])
    #expect(m.getContext() == ["a": 1, "b": 2, "nested": ["x": 3]])
    m.setContext(["c": 3], replace: true)
    #expect(m.getContext() == ["c": 3])
    guard case .contextSet(let context, let previous, let replaced) = events.items.last?.details
    else {
      Issue.record("missing context_set")
      return
    }
    #expect(context == ["c": 3])
    #expect(previous == ["a": 1, "b": 2, "nested": ["x": 3]])
    #expect(replaced)
  }

  @Test("Currency and time zone")
  func currencyAndTimeZone() {
    let events = Collector<MessagevisorEvent>()
    let m = createMessagevisor(
      MessagevisorOptions(currency: "USD", timeZone: "UTC", onDiagnostic: { _ in }))
    _ = m.on(.currencySet) { events.append($0) }
    _ = m.on(.timeZoneSet) { events.append($0) }
    m.setCurrency("EUR")
    m.setTimeZone("Europe/Amsterdam")
    #expect(m.getCurrency() == "EUR")
    #expect(m.getTimeZone() == "Europe/Amsterdam")
    guard case .currencySet(let currency, let previousCurrency) = events.items.first?.details,
      case .timeZoneSet(let zone, let previousZone) = events.items.last?.details
    else {
      Issue.record("missing events")
      return
    }
    #expect(currency == "EUR" && previousCurrency == "USD")
    #expect(zone == "Europe/Amsterdam" && previousZone == "UTC")
  }

  @Test("Snapshots carry version, locale, direction, context, currency, zone, locales, revisions")
  func snapshot() throws {
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: makeDatafile(locale: "nl", revision: "5", direction: "ltr"), currency: "EUR",
        timeZone: "UTC", context: ["a": 1], onDiagnostic: { _ in }))
    m.setDatafile(makeDatafile(locale: "en", revision: "9"))
    let snapshot = m.getSnapshot()
    #expect(snapshot.version == 1)
    #expect(snapshot.locale == "nl")
    #expect(snapshot.direction == "ltr")
    #expect(snapshot.context == ["a": 1])
    #expect(snapshot.currency == "EUR")
    #expect(snapshot.timeZone == "UTC")
    #expect(snapshot.datafileLocales == ["en", "nl"])
    #expect(snapshot.datafileRevisionsByLocale == ["en": "9", "nl": "5"])
  }

  @Test("Default formats are readable per locale")
  func defaultFormats() {
    let formats = FormatPresets(number: ["money": ["style": "currency"]])
    let m = createMessagevisor(
      MessagevisorOptions(
        locale: "en-US", defaultFormats: ["en-US": formats], onDiagnostic: { _ in }))
    #expect(m.getDefaultFormats() == formats)
    #expect(m.getDefaultFormats(locale: "nl-NL") == nil)
    let child = m.spawn()
    #expect(child.getDefaultFormats(locale: "en-US") == formats)
  }
}

@Suite("Diagnostics delivery (spec §3.6)")
struct DiagnosticsTests {
  @Test("Threshold filters the handler; setLogLevel changes it; error events still fire")
  func threshold() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let errors = Collector<MessagevisorEvent>()
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: makeDatafile(
          translations: ["old": "Old"], messages: ["old": DatafileMessage(deprecated: true)]),
        onDiagnostic: diagnostics.handler, logLevel: .fatal))
    _ = m.on(.error) { errors.append($0) }
    _ = try m.translate("missing")
    _ = try m.translate("old")
    #expect(diagnostics.items.isEmpty)
    #expect(errors.items.count == 1)
    guard case .error(let diagnostic) = errors.items.first?.details else {
      Issue.record("no error details")
      return
    }
    #expect(diagnostic.code == "missing_translation")
    #expect(errors.items.first?.snapshot == errors.items.first?.previousSnapshot)
    #expect(errors.items.first?.version == m.getSnapshot().version)
    m.setLogLevel(.warn)
    #expect(m.getLogLevel() == .warn)
    _ = try m.translate("old")
    _ = try m.translate("missing")
    #expect(diagnostics.codes == ["deprecated_message", "missing_translation"])
    m.setLogLevel(.debug)
    diagnostics.removeAll()
    _ = try m.translate("old")
    #expect(diagnostics.codes == ["deprecated_message"])
  }

  @Test("sdk_initialized is reported at info with empty details; children do not report it")
  func initialized() {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let m = createMessagevisor(MessagevisorOptions(onDiagnostic: diagnostics.handler))
    #expect(diagnostics.codes == ["sdk_initialized"])
    #expect(diagnostics.items[0].level == .info)
    #expect(diagnostics.items[0].message == "SDK initialized")
    #expect(diagnostics.items[0].details.isEmpty)
    _ = m.spawn()
    #expect(diagnostics.codes == ["sdk_initialized"])
  }

  @Test("Log levels order fatal < error < warn < info < debug")
  func levels() {
    #expect(MessagevisorLogLevel.allCases.map(\.rank) == [0, 1, 2, 3, 4])
    #expect(MessagevisorLogLevel.info.allows(.warn))
    #expect(!MessagevisorLogLevel.warn.allows(.info))
    #expect(MessagevisorLogLevel.fatal < .debug)
  }

  @Test("A diagnostic's description names level, code, message and details")
  func description() {
    let diagnostic = MessagevisorDiagnostic(
      level: .error, code: "missing_translation", message: "Missing translation",
      details: ["messageKey": "a"], module: "m")
    #expect(
      diagnostic.description
        == #"error missing_translation: Missing translation {"messageKey":"a"} (module m)"#)
  }
}

@Suite("Events and snapshots (spec §3.7)")
struct EventsTests {
  @Test("Specific event before change; versions increase; snapshots chain")
  func ordering() throws {
    let events = Collector<MessagevisorEvent>()
    let m = createMessagevisor(MessagevisorOptions(onDiagnostic: { _ in }))
    for type in MessagevisorEventType.allCases { _ = m.on(type) { events.append($0) } }
    m.setDatafile(makeDatafile(locale: "en", revision: "1"))
    m.setContext(["a": 1])
    m.setCurrency("EUR")
    let items = events.items
    #expect(
      items.map(\.type) == [.datafileSet, .change, .contextSet, .change, .currencySet, .change])
    #expect(items.map(\.version) == [1, 1, 2, 2, 3, 3])
    #expect(items[2].previousSnapshot == items[1].snapshot)
    #expect(items[0].previousSnapshot.datafileLocales.isEmpty)
    #expect(items[0].snapshot.locale == "en")
    guard
      case .datafileSet(let datafile, let locale, let active, let previous, let replaced) = items[0]
        .details
    else {
      Issue.record("wrong details")
      return
    }
    #expect(
      datafile.revision == "1" && locale == "en" && active == "en" && previous == nil && !replaced)
    guard case .change(let source, .contextSet) = items[3].details else {
      Issue.record("wrong change details")
      return
    }
    #expect(source == .contextSet)
  }

  @Test("Throwing listeners are isolated; unsubscribe is idempotent; subscribe() sees changes")
  func listeners() throws {
    struct Boom: Error {}
    let seen = Collector<Int>()
    let m = createMessagevisor(MessagevisorOptions(onDiagnostic: { _ in }))
    _ = m.on(.contextSet) { _ in throw Boom() }
    let unsubscribe = m.on(.contextSet) { event in seen.append(event.version) }
    let unsubscribeChange = m.subscribe { seen.append(-1) }
    m.setContext(["a": 1])
    #expect(seen.items == [1, -1])
    #expect(m.getContext() == ["a": 1])
    unsubscribe()
    unsubscribe()
    m.setContext(["a": 2])
    #expect(seen.items == [1, -1, -1])
    unsubscribeChange()
    unsubscribeChange()
    m.setContext(["a": 3])
    #expect(seen.items == [1, -1, -1])
  }

  @Test("Listeners may call back into the instance without deadlock")
  func reentrancy() throws {
    let m = createMessagevisor(
      MessagevisorOptions(datafile: makeDatafile(translations: ["a": "A"]), onDiagnostic: { _ in }))
    let seen = Collector<String>()
    _ = m.on(.contextSet) { _ in
      seen.append(try m.translate("a"))
      if m.getContext()["again"] == nil { m.setContext(["again": true]) }
    }
    m.setContext(["x": 1])
    #expect(seen.items == ["A", "A"])
    #expect(m.getSnapshot().version == 2)
  }
}

@Suite("Diagnostics stderr fallback")
struct StderrFallbackTests {
  @Test("Without a handler, delivered diagnostics go to standard error prefixed [Messagevisor]")
  func stderrFallback() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("messagevisor-stderr-\(UUID().uuidString).log").path
    let file = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
    try #require(file >= 0)
    let saved = dup(2)
    fflush(nil)
    dup2(file, 2)
    let unique = "stderr-probe-\(UUID().uuidString)"
    let m = createMessagevisor(MessagevisorOptions(locale: "en", logLevel: .error))
    _ = try m.translate(unique)
    m.setLogLevel(.fatal)
    _ = try m.translate(unique + "-filtered")
    dup2(saved, 2)
    close(saved)
    close(file)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try? FileManager.default.removeItem(atPath: path)
    let lines = text.split(separator: "\n").filter { $0.contains(unique) }
    #expect(lines.count == 1)  // the -filtered key was below the threshold
    #expect(lines.first?.hasPrefix("[Messagevisor] error missing_datafile") == true)
    #expect(!text.contains(unique + "-filtered"))
  }
}
