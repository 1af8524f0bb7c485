import Foundation
import Testing

@testable import Messagevisor

/// A host that visits many locales drops the lookup tables of those it left; every lookup
/// answers as before, the tables being built again when needed.
@Suite("Releasing the locales' lookup tables keeps every answer")
struct LocaleTablesReleaseTests {
  static func engine() -> Messagevisor {
    let engine = createMessagevisor(
      MessagevisorOptions(
        datafile: makeDatafile(locale: "en", translations: ["k": "Sign in to your account"]),
        onDiagnostic: { _ in }))
    engine.setDatafile(makeDatafile(locale: "nl", translations: ["k": "Inloggen bij je account"]))
    engine.setDatafile(makeDatafile(locale: "de", translations: ["k": "Bei deinem Konto anmelden"]))
    return engine
  }

  @Test func releasedLocalesAnswerAsBeforeAndKeptOnesToo() throws {
    let engine = Self.engine()
    let child = engine.spawn(context: ["plan": .string("pro")])
    try child.setLocale("nl")
    let before = try ["en", "nl", "de"].map {
      try engine.translate("k", options: TranslateOptions(locale: $0))
    }
    #expect(
      before == ["Sign in to your account", "Inloggen bij je account", "Bei deinem Konto anmelden"])
    engine.releaseLocaleTables(keeping: ["de"])
    #expect(engine.core.stores["en"]?.built == nil && engine.core.stores["nl"]?.built == nil)
    #expect(engine.core.stores["de"]?.built != nil)
    let after = try ["en", "nl", "de"].map {
      try engine.translate("k", options: TranslateOptions(locale: $0))
    }
    #expect(after == before)
    #expect(try engine.translate("k") == "Sign in to your account", "the active locale, released")
    #expect(try child.translate("k") == "Inloggen bij je account", "a child's locale, released")
    engine.releaseLocaleTables(keeping: [])
    try engine.setLocale("de")
    #expect(try engine.translate("k") == "Bei deinem Konto anmelden")
    #expect(try child.translate("k") == "Inloggen bij je account")
    engine.setDatafile(makeDatafile(locale: "nl", translations: ["k": "Aanmelden"]))
    #expect(try child.translate("k") == "Aanmelden", "a new datafile after a release")
  }

  @Test func oneLocalesTablesAreReleasedAndBuiltAgainOnItsNextLookup() throws {
    let engine = Self.engine()
    #expect(!engine.hasLocaleTables("nl"))
    #expect(
      try engine.translate("k", options: TranslateOptions(locale: "nl"))
        == "Inloggen bij je account")
    #expect(engine.hasLocaleTables("nl"))
    #expect(engine.releaseLocaleTables(of: "nl"))
    #expect(!engine.hasLocaleTables("nl"))
    #expect(!engine.releaseLocaleTables(of: "nl"), "nothing left to release")
    #expect(!engine.releaseLocaleTables(of: "fr"), "no datafile for it")
    #expect(
      try engine.translate("k", options: TranslateOptions(locale: "nl"))
        == "Inloggen bij je account")
    #expect(engine.hasLocaleTables("nl"))
  }
}
