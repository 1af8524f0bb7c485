import Foundation
import Messagevisor
import Testing

@Suite("Child instances (spec §3.8)")
struct ChildTests {
  static func root(diagnostics: Collector<MessagevisorDiagnostic>? = nil) -> Messagevisor {
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: makeDatafile(locale: "en", translations: ["k": "en k"]), currency: "USD",
        timeZone: "UTC", context: ["plan": "free", "platform": "ios"],
        onDiagnostic: diagnostics?.handler ?? { @Sendable _ in }))
    m.setDatafile(makeDatafile(locale: "nl", translations: ["k": "nl k"]))
    return m
  }

  @Test("Spawn merges context and inherits or overrides locale, currency, time zone")
  func spawn() throws {
    let m = Self.root()
    let child = m.spawn(
      context: ["plan": "pro", "requestId": "r1"],
      options: SpawnOptions(locale: "nl", currency: "EUR", timeZone: "Europe/Amsterdam"))
    #expect(child.getContext() == ["plan": "pro", "platform": "ios", "requestId": "r1"])
    #expect(child.getLocale() == "nl")
    #expect(child.getCurrency() == "EUR")
    #expect(child.getTimeZone() == "Europe/Amsterdam")
    #expect(try child.translate("k") == "nl k")
    let inherited = m.spawn()
    #expect(inherited.getLocale() == "en")
    #expect(inherited.getCurrency() == "USD")
    #expect(inherited.getTimeZone() == "UTC")
    #expect(try inherited.t("k") == "en k")
  }

  @Test("Child state and events are isolated from the parent")
  func isolation() throws {
    let m = Self.root()
    let child = m.spawn()
    let parentEvents = Collector<MessagevisorEvent>()
    let childEvents = Collector<MessagevisorEvent>()
    _ = m.on(.change) { parentEvents.append($0) }
    _ = child.on(.change) { childEvents.append($0) }
    child.setContext(["plan": "pro"])
    try child.setLocale("nl")
    child.setCurrency("EUR")
    #expect(m.getContext()["plan"] == "free")
    #expect(m.getLocale() == "en")
    #expect(m.getCurrency() == "USD")
    #expect(parentEvents.items.isEmpty)
    #expect(childEvents.items.map(\.version) == [1, 2, 3])
    m.setContext(["plan": "enterprise"])
    #expect(child.getContext()["plan"] == "pro")
    #expect(childEvents.items.count == 3)
    #expect(child.getSnapshot().version == 3)
    // The nl datafile plus one context change (construction is version 0).
    #expect(m.getSnapshot().version == 2)
  }

  @Test("Children share storage, modules and default formats dynamically")
  func sharing() async throws {
    let m = Self.root()
    let child = m.spawn()
    m.setDatafile(makeDatafile(locale: "en", translations: ["new": "fresh"]))
    #expect(try child.translate("new") == "fresh")
    let remove = m.addModule(
      MessagevisorModule(name: "bang", transform: { p, _ in p.translation + "!" }))
    #expect(try child.translate("new") == "fresh!")
    try await remove()
    #expect(try child.translate("new") == "fresh")
  }

  @Test("Children own their evaluation diagnostics and error events")
  func childDiagnostics() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let m = Self.root(diagnostics: diagnostics)
    let child = m.spawn()
    let parentErrors = Collector<MessagevisorEvent>()
    let childErrors = Collector<MessagevisorEvent>()
    _ = m.on(.error) { parentErrors.append($0) }
    _ = child.on(.error) { childErrors.append($0) }
    _ = try child.translate("missing")
    #expect(childErrors.items.count == 1)
    #expect(parentErrors.items.isEmpty)
    #expect(diagnostics.codes.last == "missing_translation")
    child.setLogLevel(.fatal)
    diagnostics.removeAll()
    _ = try child.translate("missing")
    #expect(diagnostics.items.isEmpty)
    #expect(childErrors.items.count == 2)
    _ = try m.translate("missing")
    #expect(diagnostics.codes == ["missing_translation"])
  }

  @Test("Closing a child removes only its bridge and listeners; the parent keeps its modules")
  func closeChild() async throws {
    let closed = Collector<String>()
    let m = Self.root()
    _ = m.addModule(MessagevisorModule(name: "keep", close: { closed.append("keep") }))
    let child = m.spawn(options: SpawnOptions(locale: "nl"))
    let childEvents = Collector<MessagevisorEvent>()
    _ = child.on(.datafileSet) { childEvents.append($0) }
    m.setDatafile(makeDatafile(locale: "en", revision: "2"))
    #expect(childEvents.items.count == 1)
    try await child.close()
    try await child.close()
    m.setDatafile(makeDatafile(locale: "en", revision: "3"))
    #expect(childEvents.items.count == 1)
    #expect(closed.items.isEmpty)
    #expect(child.getSnapshot().datafileRevisionsByLocale["en"] == "3")
    #expect(try m.translate("k") == "en k")
    try await m.close()
    #expect(closed.items == ["keep"])
  }
}
