import Foundation
import Messagevisor
import MessagevisorMissingTranslations
import TestSupport
import Testing

@Suite("Missing-translations module (spec §4.3)")
struct MissingTranslationsModuleTests {
  static func datafile(revision: String) -> DatafileContent {
    DatafileContent(
      messagevisorVersion: "t", revision: revision, target: "t", locale: "en",
      translations: ["present": "Present"])
  }

  @Test("Reports missing_translation with key, locale, revision and source; not missing_datafile")
  func reports() throws {
    let payloads = Collector<MissingTranslationPayload>()
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: Self.datafile(revision: "4"), onDiagnostic: { _ in }, logLevel: .fatal,
        modules: [createMissingTranslationsModule(.init { payloads.append($0) })]))
    _ = try m.translate("present")
    _ = try m.translate("absent")
    _ = try m.translate("absent")
    _ = try m.translate("other", options: TranslateOptions(locale: "fr"))
    #expect(payloads.items.map(\.messageKey) == ["absent", "absent"])
    let first = try #require(payloads.items.first)
    #expect(first.locale == "en")
    #expect(first.revision == "4")
    #expect(first.source == .translation)
    #expect(first.diagnostic.code == "missing_translation")
  }

  @Test("The payload has api-shape.md's types: source is the engine's enum, locale a String?")
  func payloadShape() throws {
    let payloads = Collector<MissingTranslationPayload>()
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: Self.datafile(revision: "7"), onDiagnostic: { _ in },
        modules: [createMissingTranslationsModule(.init { payloads.append($0) })]))
    _ = try m.t("absent", options: TranslateOptions(locale: "en"))
    let payload = try #require(payloads.items.first)
    let source: MessagevisorTranslationSource? = payload.source
    let locale: String? = payload.locale
    #expect(source == .translation)
    #expect(payload.source == .translation)
    #expect(locale == "en")
    #expect(payload.diagnostic.details["source"] == "translation")
  }

  @Test("dedupe suppresses repeats of the same key, locale, revision and source")
  func dedupe() throws {
    let payloads = Collector<MissingTranslationPayload>()
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: Self.datafile(revision: "1"), onDiagnostic: { _ in },
        modules: [createMissingTranslationsModule(.init(dedupe: true) { payloads.append($0) })]))
    _ = try m.translate("absent")
    _ = try m.translate("absent")
    _ = try m.translate("second")
    m.setDatafile(Self.datafile(revision: "2"))
    _ = try m.translate("absent")
    #expect(payloads.items.map(\.messageKey) == ["absent", "second", "absent"])
    #expect(payloads.items.map(\.revision) == ["1", "1", "2"])
  }

  @Test("Closing the module unsubscribes")
  func close() async throws {
    let payloads = Collector<MissingTranslationPayload>()
    let m = createMessagevisor(
      MessagevisorOptions(datafile: Self.datafile(revision: "1"), onDiagnostic: { _ in }))
    let remove = m.addModule(
      createMissingTranslationsModule(.init(name: "mt") { payloads.append($0) }))
    _ = try m.translate("a")
    try await remove()
    _ = try m.translate("b")
    #expect(payloads.items.map(\.messageKey) == ["a"])
  }
}
