import Foundation
import Messagevisor
import MessagevisorICU
import TerminalUI
import Testing

@testable import Preview

@Suite("Pseudo-localization and fit")
struct PseudoLocalizationTests {
  @Test func lettersAreAccentedBracketedAndAboutAThirdLonger() {
    let source = "Save changes"
    let pseudo = PseudoLocalizer.transform(source)
    #expect(pseudo == "[Šåṽé çĥåñĝéš~~~~~]")
    #expect(pseudo.hasPrefix("[") && pseudo.hasSuffix("]"))
    // 12 characters of text: 5 more (35 %, rounded up), plus the brackets.
    #expect(DisplayWidth.of(pseudo) == 12 + 5 + 2)
    #expect(!pseudo.unicodeScalars.contains { $0.isASCII && CharacterSet.letters.contains($0) })
  }

  @Test(arguments: [
    "Welcome back, {name}",
    "{count, plural, =0 {Your cart is empty} one {# item in your cart} other {# items in your cart}}",
    "{plan, select, free {You're on the Free plan} pro {Pro} other {Plan {plan}}}",
    "Upgrade for {price, number, ::currency/EUR .00} on {when, date, short} at {when, time, short}",
    "This is your {visit, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} visit",
    "It''s '{'literal'}' text",
  ])
  func icuStructureSurvivesWithTheSameArguments(message: String) throws {
    let original = try ICUParser.parse(message)
    let pseudo = PseudoLocalizer.transform(message)
    let parsed = try ICUParser.parse(pseudo)
    #expect(ICUArgument.of(parsed) == ICUArgument.of(original), "\(pseudo)")
    #expect(pseudo != message)
  }

  @Test func anEditedSourceGivesTheSamePseudoDatafileAsAFreshOne() {
    func source(_ translations: [String: String], override: String) -> DatafileContent {
      DatafileContent(
        messagevisorVersion: "test", revision: "r1", target: "app", locale: "en-US",
        messages: [
          "title": DatafileMessage(overrides: [MessageOverride(key: "pro", translation: override)]),
          "old": DatafileMessage(deprecated: true),
        ],
        translations: translations)
    }
    let before = source(["title": "Title", "gone": "Gone", "same": "Same"], override: "Pro title")
    let first = PseudoLocale.datafile(from: before, locale: "en-XA")
    var after = source(["title": "New title", "same": "Same", "added": "Added"], override: "Pro!")
    after.messages.removeValue(forKey: "old")
    let incremental = PseudoLocale.datafile(
      from: after, locale: "en-XA", previous: (before, first))
    #expect(incremental == PseudoLocale.datafile(from: after, locale: "en-XA"))
    #expect(incremental.translations["gone"] == nil && incremental.messages["old"] == nil)
    #expect(incremental.translations["added"] == PseudoLocalizer.transform("Added"))
    #expect(
      incremental.messages["title"]?.overrides?.first?.translation
        == PseudoLocalizer.transform("Pro!"))
    // The unchanged text is the one made before (not transformed again).
    #expect(incremental.translations["same"] == first.translations["same"])
  }

  @Test func anUpdateSaysWhetherThePseudoDatafileChanged() {
    let before = DatafileContent(
      messagevisorVersion: "test", revision: "r1", target: "app", locale: "en-US",
      messages: ["old": DatafileMessage(deprecated: true)],
      translations: ["title": "Title", "same": "Same"])
    let first = PseudoLocale.datafile(from: before, locale: "en-XA")
    let same = PseudoLocale.update(from: before, locale: "en-XA", previous: (before, first))
    #expect(!same.changed)
    #expect(same.datafile == first)
    var revised = before
    revised.revision = "r2"
    #expect(PseudoLocale.update(from: revised, locale: "en-XA", previous: (before, first)).changed)
    var edited = before
    edited.translations["title"] = "New title"
    let update = PseudoLocale.update(from: edited, locale: "en-XA", previous: (before, first))
    #expect(update.changed)
    #expect(update.datafile == PseudoLocale.datafile(from: edited, locale: "en-XA"))
    var removed = before
    removed.messages = [:]
    #expect(PseudoLocale.update(from: removed, locale: "en-XA", previous: (before, first)).changed)
  }

  @Test func pluralBranchesAreTransformedAndPaddedButPoundAndKeywordsAreKept() {
    let pseudo = PseudoLocalizer.transform("{n, plural, one {# item} other {# items}}")
    #expect(pseudo == "[{n, plural, one {# îţéɱ~~} other {# îţéɱš~~~}}]")
  }

  @Test func tagsPrintfSpecifiersAndQuotedLiteralsAreCopied() {
    #expect(PseudoLocalizer.transform("<b>Hi</b>") == "[<b>Ĥî</b>~]")
    #expect(
      PseudoLocalizer.transform("%1$@ has %lld files, 100%%")
        == "[%1$@ ĥåš %lld ƒîļéš, 100%%~~~~~~]")
    #expect(PseudoLocalizer.transform("'{'x'}'") == "['{'ẋ'}'~~]")
  }

  @Test func brokenInputNeverCrashesAndEmptyStaysEmptyInside() {
    for text in ["", "{", "}", "{a, plural, one {x", "'", "%", "<", "{{{}}}", "a}b"] {
      let pseudo = PseudoLocalizer.transform(text)
      #expect(pseudo.hasPrefix("["), "\(text)")
    }
    #expect(PseudoLocalizer.transform("") == "[]")
  }

  @Test func thePseudoLocaleIsTheSourceLanguageWithRegionXA() {
    #expect(PseudoLocale.identifier(for: "en-US") == "en-XA")
    #expect(PseudoLocale.identifier(for: "nl") == "nl-XA")
    #expect(PseudoLocale.isPseudo("en-XA") && PseudoLocale.isPseudo("pseudo"))
    #expect(!PseudoLocale.isPseudo("en-US"))
  }

  @Test func thePseudoDatafileTransformsTranslationsAndOverridesAndKeepsTheRest() throws {
    let source = MessageBrowserFixtures.datafile(
      "en-US", MessageBrowserFixtures.english, dutch: false)
    let pseudo = PseudoLocale.datafile(from: source, locale: "en-XA")
    #expect(pseudo.locale == "en-XA" && pseudo.direction == "ltr")
    #expect(pseudo.translations["home.greeting"] == "[Ŵéļçöɱé~~~]")
    #expect(pseudo.segments == source.segments)
    let overrides = try #require(pseudo.messages["home.greeting"]?.overrides)
    #expect(overrides.map(\.key) == ["beta", "pro"])
    #expect(overrides[1].translation == PseudoLocalizer.transform("Welcome back, Pro"))
    #expect(pseudo.messages["home.legacy"]?.deprecated == true)
  }

  @Test func aSessionOffersThePseudoLocaleAndFollowsOTAEditsOfTheSource() throws {
    let ota = FakeOTASource()
    let inbox = PreviewInbox()
    var configuration = PreviewSessionConfiguration(
      layers: SessionFixtures.layers(), ota: ota, locale: "pseudo", currency: "USD",
      timeZone: "UTC", now: { SessionFixtures.fixedNow })
    configuration.sourceLocale = "en-US"
    let session = PreviewSession(configuration, inbox: inbox)
    defer { session.stop() }
    #expect(session.engine.getSnapshot().locale == "en-XA")
    #expect(session.resolveContent(lastSynced: nil).loadedLocales.contains("en-XA"))
    #expect(try session.engine.translate("welcome_title") == "[Ŵéļçöɱé ţö ŔéŔûñé~~~~~~]")
    ota.publish(["en-US": ["welcome_title": "Hi"]], revision: 2)
    #expect(try session.engine.translate("welcome_title") == "[Ĥî~]")
    // A key no layer has stays the key: untranslated text shows without accents.
    #expect(try session.engine.translate("not_a_key") == "not_a_key")
    session.perform(.setLocale("pseudo"))
    #expect(session.engine.getSnapshot().locale == "en-XA")
  }

  @Test func fitFlagsTextsWiderThanTheirBudgetNamingKeyAndLocale() throws {
    #expect(FitCheck.check(key: "cta", locale: "en-US", text: "Open story", budget: 10) == nil)
    let issue = try #require(
      FitCheck.check(key: "cta", locale: "de-DE", text: "Geschichte öffnen", budget: 10))
    #expect(issue.width == 17 && issue.budget == 10)
    let diagnostic = issue.diagnostic
    #expect(diagnostic.code == "fit" && diagnostic.level == .warn)
    #expect(diagnostic.detail("key") == "cta" && diagnostic.detail("locale") == "de-DE")
    #expect(diagnostic.subject == "cta (de-DE)")
    // Display width, not characters: three CJK characters are six columns.
    #expect(FitCheck.check(key: "k", locale: "ja-JP", text: "日本語", budget: 5)?.width == 6)
    #expect(FitCheck.check(key: "k", locale: "x", text: "anything", budget: nil) == nil)
    #expect(FitCheck.fitted("Geschichte öffnen", budget: 10) == "Geschicht…")
    #expect(FitCheck.fitted("Open", budget: 10) == "Open")
  }

  @Test func thePseudoLocaleMakesTightTextsOverflowTheirBudget() {
    let text = "Open story"
    #expect(FitCheck.check(key: "cta", locale: "en-US", text: text, budget: 12) == nil)
    let pseudo = PseudoLocalizer.transform(text)
    #expect(FitCheck.check(key: "cta", locale: "en-XA", text: pseudo, budget: 12) != nil)
  }
}

/// Width budgets on a screen: the `fit` diagnostic and the marker.
@Suite("Fit: width budgets on screens")
struct FitScreenTests {
  static func content(cta: String, chip: String, locale: String = "de-DE") -> PreviewContent {
    let screen = ScreenDefinition(
      name: "home", title: "Home", file: "previews/home.yml",
      blocks: [
        ScreenBlockSpec(kind: .chip(TextBinding(key: "badge")), width: 8),
        ScreenBlockSpec(kind: .button(TextBinding(key: "cta"), action: .inert), width: 12),
      ])
    return PreviewContent(
      locale: locale, loadedLocales: [locale],
      texts: [
        "cta": ResolvedText(key: "cta", text: cta, origin: .base(layer: "project app")),
        "badge": ResolvedText(key: "badge", text: chip, origin: .base(layer: "project app")),
      ], screens: ScreenCatalog(screens: [screen]))
  }

  @Test func textsOverTheirBudgetGetAFitDiagnosticAndAMarker() throws {
    var state = PreviewState(width: 80, height: 24)
    (state, _) = PreviewUpdate.update(
      state, .contentResolved(Self.content(cta: "Geschichte öffnen", chip: "Neu")))
    let fit = state.diagnostics.entries.filter { $0.code == "fit" }
    try #require(fit.count == 1)
    #expect(fit[0].detail("key") == "cta" && fit[0].detail("locale") == "de-DE")
    #expect(fit[0].level == .warn)
    let lines = PreviewView.render(state).lines()
    let row = try #require(lines.first { $0.contains("Geschichte") })
    #expect(row.contains("Geschichte…") && row.contains("✂"))
    let chip = try #require(lines.first { $0.contains("Neu") })
    #expect(!chip.contains("✂"))
    // The same content again: no repeated diagnostic.
    (state, _) = PreviewUpdate.update(
      state, .contentResolved(Self.content(cta: "Geschichte öffnen", chip: "Neu")))
    #expect(state.diagnostics.entries.filter { $0.code == "fit" }.map(\.count) == [1])
  }

  @Test func aChipOverItsBudgetIsMarkedAndTextsThatFitAreNot() throws {
    var state = PreviewState(width: 80, height: 24)
    (state, _) = PreviewUpdate.update(
      state, .contentResolved(Self.content(cta: "Open", chip: "Brandneu!!", locale: "en-US")))
    #expect(
      state.diagnostics.entries.filter { $0.code == "fit" }.map { $0.detail("key") } == ["badge"])
    let lines = PreviewView.render(state).lines()
    let chip = try #require(lines.first { $0.contains("Brandne") })
    #expect(chip.contains("✂"))
    #expect(!(lines.first { $0.contains("Open") } ?? "").contains("✂"))
  }

  @Test func thePseudoLocaleExposesTextsThatWouldNotFit() {
    let pseudo = PseudoLocalizer.transform("Open the story")
    let issues = FitCheck.issues(in: Self.content(cta: pseudo, chip: "x", locale: "en-XA"))
    #expect(issues.map(\.key) == ["cta"])
    #expect(FitCheck.issues(in: Self.content(cta: "Open", chip: "x", locale: "en-US")).isEmpty)
  }
}
