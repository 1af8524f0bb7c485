import Foundation
import Messagevisor
import MessagevisorICU
import MessagevisorLocking
import ReRune
import Testing

@Suite("ReRune engine bridge")
struct BridgeTests {
  /// A local site with manifest `version` and one German payload.
  static func writeSite(_ site: URL, version: Int, german: [String: String]) throws {
    try TestSupport.manifest(version: version, locales: ["de": version]).write(
      to: site.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    try TestSupport.payload("de", german).write(
      to: site.appendingPathComponent("de.xcstrings"), atomically: true, encoding: .utf8)
  }

  static func bundled() throws -> LocalizationCatalog {
    let strings = """
      "title" = "Willkommen";
      "subtitle" = "Gebündelter Text";
      """
    return try StringsFileReader.read(Data(strings.utf8), file: "de.strings", locale: "de")
  }

  @Test func overlayReplacesAndRemovalFallsBackToBase() async throws {
    let site = TestSupport.temporaryDirectory("bridge-site")
    defer { try? FileManager.default.removeItem(at: site) }
    try Self.writeSite(site, version: 3, german: ["title": "Willkommen (OTA)", "new_key": "Neu"])
    let engine = createMessagevisor(MessagevisorOptions(locale: "de"))
    let events = Locked<[String]>([])
    _ = engine.on(.datafileSet) { event in
      if case .datafileSet(let datafile, _, _, _, let replaced) = event.details {
        events.withLock { $0.append("\(datafile.locale) \(datafile.revision) \(replaced)") }
      }
    }
    let changes = Locked<Int>(0)
    _ = engine.on(.change) { _ in changes.withLock { $0 += 1 } }
    let bridge = ReRuneMessagevisorBridge(
      engine: engine, base: ReRuneMessagevisorBridge.baseDatafiles(from: [try Self.bundled()]))
    #expect(try bridge.translate("title") == "Willkommen")
    #expect(bridge.provenance("title", locale: "de") == .base)

    let client = try ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: "p", updatePolicy: .init(checkOnStart: false), source: .directory(site),
        cache: .disabled, preferredLanguages: ["de"], usesMainBundle: false))
    let detach = bridge.attach(to: client)
    defer { detach() }
    #expect(await client.checkForUpdates().status == .updated)
    #expect(try bridge.translate("title") == "Willkommen (OTA)")
    #expect(try bridge.translate("title") == (try engine.translate("title")))
    #expect(try bridge.translate("new_key") == "Neu")
    #expect(try bridge.translate("subtitle") == "Gebündelter Text")
    #expect(bridge.provenance("title", locale: "de") == .ota(locale: "de", revision: 3))
    #expect(bridge.provenance("subtitle", locale: "de") == .base)
    #expect(bridge.provenance("nope", locale: "de") == .missing)

    try Self.writeSite(site, version: 4, german: ["new_key": "Neu 2"])
    #expect(await client.checkForUpdates().status == .updated)
    #expect(try bridge.translate("title") == "Willkommen")  // removed over the air → bundled text
    #expect(try bridge.translate("new_key") == "Neu 2")
    #expect(bridge.provenance("title", locale: "de") == .base)
    #expect(bridge.revision == 4)
    let seen = events.withLock { $0 }
    // Base set once; the replayed revision 0 with no OTA locales changes nothing; then two applies.
    #expect(seen == ["de bundled true", "de bundled+ota.3 true", "de bundled+ota.4 true"])
    #expect(changes.withLock { $0 } >= 3)
  }

  @Test func remoteOnlyLocaleGetsItsOwnDatafile() throws {
    let engine = createMessagevisor(MessagevisorOptions(locale: "en"))
    let bridge = ReRuneMessagevisorBridge(
      engine: engine,
      base: [
        DatafileContent(
          messagevisorVersion: "1", target: "app", locale: "en", translations: ["hi": "Hello"])
      ])
    bridge.applyOverlays(["fr": ["hi": try CatalogEntry.fromFormat("Bonjour")]], revision: 9)
    #expect(try bridge.translate("hi", locale: "fr") == "Bonjour")
    #expect(try bridge.translate("hi") == "Hello")
    #expect(bridge.datafile(for: "fr")?.target == "app")
    #expect(bridge.provenance("hi", locale: "fr") == .ota(locale: "fr", revision: 9))
    // An OTA key in another spelling maps onto the existing base locale.
    bridge.applyOverlays(["EN": ["hi": try CatalogEntry.fromFormat("Hi there")]], revision: 10)
    #expect(try bridge.translate("hi") == "Hi there")
    #expect(try bridge.translate("hi", locale: "fr") == "hi")  // fr overlay gone, no base
    #expect(bridge.provenance("hi", locale: "en") == .ota(locale: "EN", revision: 10))
  }

  @Test func projectOverridesStillWinOverOTAValues() throws {
    let base = DatafileContent(
      messagevisorVersion: "1", target: "app", locale: "en",
      messages: [
        "cta": DatafileMessage(overrides: [
          MessageOverride(
            key: "cta.ios",
            conditions: .predicate(
              ConditionPredicate(attribute: "platform", operator: "equals", value: "ios")),
            translation: "Tap to continue")
        ])
      ],
      translations: ["cta": "Continue"])
    let engine = createMessagevisor(MessagevisorOptions(locale: "en", context: ["platform": "web"]))
    let bridge = ReRuneMessagevisorBridge(engine: engine, base: [base])
    bridge.applyOverlays(
      ["en": ["cta": try CatalogEntry.fromFormat("Continue (OTA)")]], revision: 2)
    #expect(try bridge.translate("cta") == "Continue (OTA)")
    engine.setContext(["platform": "ios"])
    #expect(try bridge.translate("cta") == "Tap to continue")
    #expect(bridge.hasOverrides("cta", locale: "en"))
    #expect(bridge.provenance("cta", locale: "en") == .ota(locale: "en", revision: 2))
  }
}

@Suite("ReRune Loop catalog through the engine")
struct LoopEngineFixtureTests {
  /// (locale, count, expected) for "Loops left to unlock new icon".
  static let cases: [(String, Int, String)] = [
    ("en", 1, "1 Loop left"), ("en", 0, "0 Loops left"), ("en", 1000, "1,000 Loops left"),
    ("de", 1, "1 Loop verbleibend"), ("de", 2, "2 Loops verbleibend"),
    ("es", 1, "1 Loop restante"), ("es", 7, "7 Loops restantes"),
    ("it", 1, "Solo 1 loop!"), ("it", 3, "Solo 3 loop"),
    ("ko", 1, "남은 루프 1 개"), ("ko", 5, "남은 루프 5 개"),
    ("nl-BE", 1, "1 Loop left"), ("nl-BE", 4, "4 Loops left"),
    ("pt-BR", 0, "0 Loop faltando"), ("pt-BR", 1, "1 Loop faltando"),
    ("pt-BR", 2, "2 Loops faltando"),
    ("ru", 1, "Остался 1 Loop"), ("ru", 3, "Осталось 3 Loop’ов"), ("ru", 5, "Осталось 5 Loop’ов"),
    ("ru", 21, "Остался 21 Loop"),
    ("zh-Hans", 2, "还需环绕2次"), ("zh-Hant", 2, "還需環繞2次"),
    ("ar", 1, "بقي تكرار واحد"), ("ar", 2, "بقي تكراران"),
  ]

  @Test(arguments: cases.indices)
  func loopPluralsFormatInEveryLanguage(index: Int) throws {
    guard let dir = TestSupport.catalogsDirectory else {
      print("[ReRuneTests] shared fixtures not found; skipping the Loop engine test")
      return
    }
    let (locale, count, expected) = Self.cases[index]
    let catalog = try XCStringsReader.read(
      contentsOf: dir.appendingPathComponent("loop/Localizable.xcstrings"),
      options: .init(invalidEntries: .skip))
    let engine = createMessagevisor(MessagevisorOptions(locale: "en", modules: [createICUModule()]))
    let bridge = ReRuneMessagevisorBridge(
      engine: engine, base: ReRuneMessagevisorBridge.baseDatafiles(from: [catalog]))
    let text = try bridge.translate(
      "Loops left to unlock new icon", values: ["arg1": .int(count)], locale: locale)
    #expect(text == expected)
  }

  @Test(arguments: [0, 3, 11, 100])
  func arabicPluralCategoriesUseTheirForms(count: Int) throws {
    guard let dir = TestSupport.catalogsDirectory else { return }
    let catalog = try XCStringsReader.read(
      contentsOf: dir.appendingPathComponent("loop/Localizable.xcstrings"),
      options: .init(invalidEntries: .skip))
    let engine = createMessagevisor(MessagevisorOptions(locale: "ar", modules: [createICUModule()]))
    let bridge = ReRuneMessagevisorBridge(
      engine: engine, base: ReRuneMessagevisorBridge.baseDatafiles(from: [catalog]))
    let text = try bridge.translate("Loops left to unlock new icon", values: ["arg1": .int(count)])
    // =0, few (3), many (11) use "بقي # تكرار"; other (100) is the untranslated "# Loops left".
    let digits = try engine.formatNumber(Double(count), options: EvaluationOptions(locale: "ar"))
    let expected = count == 100 ? "\(digits) Loops left" : "بقي \(digits) تكرار"
    #expect(text == expected)
  }

  @Test func formattedEntriesRenderArguments() throws {
    guard let dir = TestSupport.catalogsDirectory else { return }
    let catalog = try XCStringsReader.read(
      contentsOf: dir.appendingPathComponent("loop/Localizable.xcstrings"),
      options: .init(invalidEntries: .skip))
    let engine = createMessagevisor(MessagevisorOptions(locale: "de", modules: [createICUModule()]))
    let bridge = ReRuneMessagevisorBridge(
      engine: engine, base: ReRuneMessagevisorBridge.baseDatafiles(from: [catalog]))
    #expect(
      try bridge.translate("Version %@ (%lld)", values: ["arg1": "1.2.0", "arg2": .int(1234)])
        == "Version 1.2.0 (1234)")
    // ru skipped the malformed entry → the engine falls back to the key.
    #expect(
      try bridge.translate(
        "Version %@ (%lld)", values: ["arg1": "1.2.0", "arg2": .int(5)], locale: "ru")
        == "Version %@ (%lld)")
  }
}
