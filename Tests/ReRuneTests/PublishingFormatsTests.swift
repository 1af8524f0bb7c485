import Foundation
import Messagevisor
import MessagevisorICU
import ReRune
import Testing

/// `publish` takes ICU MessageFormat (validated with the ICU parser) or catalog-native input and
/// writes the catalog construct the client reads back to the same message.
@Suite("Publishing ICU and catalog-native values")
struct PublishingFormatsTests {
  static func localization(_ value: String, format: OTAValueFormat = .icu, locale: String = "en")
    throws -> MessagevisorValue
  {
    .object(
      try OTASitePublisher.localization(for: value, format: format, key: "k", locale: locale))
  }

  /// The ICU text the client reads for the published localization.
  static func clientICU(_ localization: MessagevisorValue, locale: String, device: String = "other")
    throws -> CatalogEntry?
  {
    let catalog: MessagevisorValue = .object([
      "sourceLanguage": "en",
      "strings": .object(["k": .object(["localizations": .object([locale: localization])])]),
    ])
    let data = try JSONEncoder().encode(catalog)
    let document = try XCStringsDocument.parse(data, file: "published")
    return try document.entries(
      forLocale: locale, options: .init(device: device, invalidEntries: .reject))?.entries["k"]
  }

  static func render(_ icu: String, locale: String, values: MessagevisorValues) throws -> String {
    let engine = createMessagevisor(
      MessagevisorOptions(locale: locale, modules: [createICUModule()]))
    engine.setDatafile(
      DatafileContent(
        messagevisorVersion: "1", target: "t", locale: locale, translations: ["k": icu]),
      replace: true)
    return try engine.translate("k", values: values, options: TranslateOptions(locale: locale))
  }

  @Test func aPluralInsideTextBecomesASubstitution() throws {
    let value = "Hi {arg1}, you have {arg2, plural, =0 {no files} one {# file} other {# files}}."
    let published = try Self.localization(value)
    let unit = published.objectValue?["stringUnit"]?.objectValue?["value"]?.stringValue
    #expect(unit == "Hi %1$@, you have %#@arg2@.")
    let substitution = published.objectValue?["substitutions"]?.objectValue?["arg2"]?.objectValue
    #expect(substitution?["argNum"]?.intValue == 2)
    #expect(substitution?["formatSpecifier"]?.stringValue == "lld")
    let entry = try #require(try Self.clientICU(published, locale: "en"))
    #expect(
      try Self.render(entry.icuMessage, locale: "en", values: ["arg1": "Ana", "arg2": 0])
        == "Hi Ana, you have no files.")
    #expect(
      try Self.render(entry.icuMessage, locale: "en", values: ["arg1": "Ana", "arg2": 1])
        == "Hi Ana, you have 1 file.")
  }

  @Test func aWholeMessagePluralBecomesPluralVariationsAndADeviceSelectDeviceVariations() throws {
    let plural = try Self.localization("{count, plural, one {# file} other {# files}}")
    #expect(
      plural.objectValue?["variations"]?.objectValue?["plural"]?.objectValue?["one"]?
        .objectValue?["stringUnit"]?.objectValue?["value"] == "%lld file")
    let device = try Self.localization(
      "{device, select, mac {Click} ipad {Tap (iPad)} other {Tap}}")
    let variants = device.objectValue?["variations"]?.objectValue?["device"]?.objectValue
    #expect(variants?.keys.sorted() == ["ipad", "mac", "other"])
    #expect(try Self.clientICU(device, locale: "en", device: "mac")?.icuMessage == "Click")
    #expect(try Self.clientICU(device, locale: "en", device: "iphone")?.icuMessage == "Tap")
  }

  @Test func zeroFollowsTheLanguage() throws {
    #expect(throws: OTASitePublisherError.self) {
      _ = try Self.localization("{n, plural, zero {x} other {#}}", locale: "en")
    }
    let lv = try Self.localization(
      "{n, plural, zero {# failu} one {# fails} other {# faili}}", locale: "lv")
    #expect(try Self.clientICU(lv, locale: "lv")?.icuMessage.contains("zero {# failu}") == true)
    #expect(throws: OTASitePublisherError.self) {
      _ = try Self.localization("{n, plural, =0 {x} other {#}}", locale: "lv")
    }
  }

  @Test(arguments: [
    ("{count, plural, one {x} two}", "not valid ICU"),
    ("{count, plural, one {x}}", "not valid ICU"),
    ("{when, date, short}", "date/time"),
    ("{n, selectordinal, one {#st} other {#th}}", "selectordinal"),
    ("{n, plural, =3 {three} other {#}}", "=3"),
    ("{kind, select, a {A} other {B}}", "only {device, select"),
    ("{device, select, phone {A} other {B}}", "unknown device 'phone'"),
    ("{x, number, percent}", "no format specifier"),
  ])
  func invalidOrInexpressibleICUIsRefused(value: String, reason: String) {
    #expect {
      _ = try Self.localization(value)
    } throws: { error in
      "\(error)".contains(reason)
    }
  }

  @Test func catalogNativeInput() throws {
    let unit = try Self.localization("%1$@ hat %2$lld Dateien", format: .xcstrings, locale: "de")
    #expect(try Self.clientICU(unit, locale: "de")?.icuMessage == "{arg1} hat {arg2} Dateien")
    let forms = try Self.localization(
      #"{"one": "%lld Datei", "other": "%lld Dateien"}"#, format: .xcstrings, locale: "de")
    #expect(
      try Self.clientICU(forms, locale: "de")?.icuMessage
        == "{arg1, plural, one {# Datei} other {# Dateien}}")
    #expect(throws: OTASitePublisherError.self) {
      _ = try Self.localization(#"{"lots": "%lld"}"#, format: .xcstrings, locale: "de")
    }
    #expect(throws: OTASitePublisherError.self) {
      _ = try Self.localization("%1$lld %1$@", format: .xcstrings, locale: "de")
    }
  }

  @Test func addLocaleDeclaresItAndPublishingThenWorks() throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    var arguments = OTAPublishArguments(
      site: site.directory.path, locale: "sv-SE", key: "welcome_title",
      value: "{n, plural, one {# berättelse} other {# berättelser}}")
    arguments.addLocale = "sv-SE"
    let result = try arguments.run()
    #expect(result.locale == "sv-SE" && result.action == .created)
    #expect(try site.localeVersion("sv-SE") == 2)
    #expect(throws: OTASitePublisherError.localeAlreadyDeclared("sv-SE")) {
      try OTASitePublisher(siteDirectory: site.directory).addLocale("sv-SE")
    }
    var alone = OTAPublishArguments(site: site.directory.path, locale: "da", key: "", value: nil)
    alone.addLocale = "da"
    #expect(try alone.run().action == .localeAdded)
    #expect(try site.localeVersion("da") == 1)
  }

  // MARK: - Property: ICU → catalog → ICU

  /// A small deterministic generator (SplitMix64).
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
  }

  static let words = ["file", "Datei", "d'art", "{quoted}", "100%", "naïve", "日本", "#"]

  static func literal(_ g: inout Generator, inPlural: Bool) -> String {
    ICUMessageBuilder.escape(g.pick(words), inPlural: inPlural)
  }

  /// A random message in the subset catalogs express: text, `{argN}`, `{argN, number, ::.00}`,
  /// plurals (whole message or inside text, `=0`, `one`, `few`, `other`, `#`), device selects.
  static func message(_ g: inout Generator) -> String {
    switch g.below(4) {
    case 0:  // device select around simple messages
      let inner = simple(&g)
      return "{device, select, mac {\(inner) mac} ipad {\(simple(&g))} other {\(inner)}}"
    case 1:
      return pluralText(&g, selector: 1, other: 2)
    default:
      return simple(&g)
    }
  }

  static func simple(_ g: inout Generator) -> String {
    var out = literal(&g, inPlural: false)
    if g.below(2) == 0 { out += " {arg1} " + literal(&g, inPlural: false) }
    if g.below(2) == 0 { out += " " + pluralText(&g, selector: 2, other: 1) }
    if g.below(3) == 0 { out += " {arg3, number, ::.00}" }
    return out
  }

  static func pluralText(_ g: inout Generator, selector: Int, other: Int) -> String {
    var branches: [String] = []
    if g.below(2) == 0 { branches.append("=0 {none \(literal(&g, inPlural: true))}") }
    branches.append("one {# \(literal(&g, inPlural: true))}")
    if g.below(2) == 0 { branches.append("few {# few}") }
    let mention = g.below(2) == 0 ? " {arg\(other)}" : ""
    branches.append("other {# \(literal(&g, inPlural: true))\(mention)}")
    return "{arg\(selector), plural, \(branches.joined(separator: " "))}"
  }

  @Test func generatedICUMessagesRoundTripThroughTheCatalog() throws {
    var g = Generator(state: 0x5EED)
    for round in 0..<120 {
      let icu = Self.message(&g)
      let locale = g.pick(["en", "de", "pl", "ja"])
      _ = try ICUParser.parse(icu)
      let localization = try Self.localization(icu, locale: locale)
      for device in ["mac", "ipad", "iphone"] {
        let entry = try #require(
          try Self.clientICU(localization, locale: locale, device: device), "\(round): \(icu)")
        for count in [0, 1, 3, 25] {
          let values: MessagevisorValues = [
            "arg1": icu.contains("{arg1, plural") ? .int(count) : "Ana",
            "arg2": .int(count), "arg3": 2.5, "device": .string(device),
          ]
          let expected = try Self.render(icu, locale: locale, values: values)
          let actual = try Self.render(entry.icuMessage, locale: locale, values: values)
          #expect(
            actual == expected,
            "\(round) \(locale) \(device) n=\(count): \(icu) → \(entry.icuMessage)")
          if actual != expected { return }
        }
      }
    }
  }
}

/// Positional catalog arguments take the names of the project message they override.
@Suite("Catalog argument names")
struct CatalogArgumentNamesTests {
  @Test func namesFollowFirstAppearance() {
    #expect(
      CatalogArgumentNames.names(in: "{name}: {count, plural, one {# {name}} other {#}}")
        == ["name", "count"])
    #expect(CatalogArgumentNames.names(in: "{device, select, mac {x} other {y}}") == [])
    #expect(CatalogArgumentNames.names(in: "{broken") == nil)
  }

  @Test func aPublishedValueRendersWithTheNamesTheAppPasses() throws {
    let base = "{reader}, you have {count, plural, one {# new story} other {# new stories}}"
    // The translation reorders the arguments; the base message's order fixes the positions.
    let value = "{count, plural, one {# nieuw verhaal} other {# nieuwe verhalen}} voor {reader}"
    let order = try #require(CatalogArgumentNames.names(in: base))
    let localization = try OTASitePublisher.localization(
      for: value, format: .icu, key: "k", locale: "nl", argumentOrder: order)
    let entry = try #require(
      try PublishingFormatsTests.clientICU(.object(localization), locale: "nl"))
    let renamed = ReRuneMessagevisorBridge.overlay(
      DatafileContent(
        messagevisorVersion: "1", target: "t", locale: "nl", translations: ["k": base]),
      with: ["k": entry.icuMessage], revision: 1
    ).translations["k"]
    let text = try PublishingFormatsTests.render(
      try #require(renamed), locale: "nl", values: ["reader": "Ana", "count": 2])
    #expect(text == "2 nieuwe verhalen voor Ana")
    #expect(CatalogArgumentNames.rename("{arg1} '{'arg1'}'", like: "{x}") == "{x} '{'arg1'}'")
  }
}
