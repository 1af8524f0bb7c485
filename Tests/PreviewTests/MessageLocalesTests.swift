import Messagevisor
import MessagevisorProject
import TerminalUI
import Testing

@testable import Preview

/// The all-locales view (`a`): rows from the engine's trace, the keys that drive it, its frame.
@Suite("All locales of a message: rows, keys and frames")
struct MessageLocalesTests {
  typealias F = MessageBrowserFixtures
  typealias V = MessageBrowserViewTests

  /// The fixtures with a third locale, German, which inherits `home.legacy` from English and
  /// has only that and `cart.count` of its own.
  /// What the browser asks the runtime for when it shows again.
  static let resolve = PreviewEffect.resolveMessages(compare: false, compareLocale: nil)

  static func source() -> MessageBrowserSource {
    var source = F.source()
    source.datafiles["de-DE"] = F.datafile(
      "de-DE",
      [
        "cart.count": "{count, plural, one {# Artikel} other {# Artikel}}",
        "home.legacy": "Old banner",
      ],
      dutch: false)
    source.origin = { key, locale in
      key == "home.legacy" && locale == "de-DE"
        ? .inherited(from: "en-US", layer: "project app") : .base(layer: "project app")
    }
    return source
  }

  @Test func rowsListEveryLocaleActiveFirstWithTheirState() {
    let source = Self.source()
    let greeting = MessageLocaleRow.rows(for: "home.greeting", in: source)
    #expect(greeting.map(\.locale) == ["nl-NL", "de-DE", "en-US"])
    // In the context plan=pro the `pro` override wins in every locale that has it.
    #expect(greeting[0].state == .overridden(key: "pro"))
    #expect(greeting[0].text == "Welkom terug, Pro")
    #expect(greeting[0].width == 17)
    let legacy = MessageLocaleRow.rows(for: "home.legacy", in: source)
    #expect(legacy.map(\.state) == [.translated, .inherited(from: "en-US"), .translated])
    let english = MessageLocaleRow.rows(for: "only.english", in: source)
    #expect(english.map(\.state) == [.missing, .missing, .translated])
    #expect(english[0].text == nil && english[0].width == 0)
    #expect(english[2].text == "Only in English")
  }

  @Test func rowsAgreeWithTheEngineTranslateInEachLocale() throws {
    let source = Self.source()
    for row in MessageLocaleRow.rows(for: "home.greeting", in: source) {
      let engine = createMessagevisor(MessagevisorOptions(context: source.context))
      engine.setDatafile(try #require(source.datafiles[row.locale]))
      try engine.setLocale(row.locale)
      #expect(row.text == (try engine.translate("home.greeting")), "\(row.locale)")
    }
  }

  @Test func stateLabelsNameTheInheritedLocale() {
    #expect(MessageLocaleRow.State.inherited(from: "en-US").label == "inherited from en-US")
    #expect(MessageLocaleRow.State.translated.label == "translated here")
    #expect(MessageLocaleRow.State.missing.label == "missing")
    #expect(MessageLocaleRow.State.overridden(key: "pro").label == "overridden (pro)")
  }

  /// The browser with the three-locale index and `home.legacy` selected.
  static func browsingLegacy() -> PreviewState {
    var state = V.browsing(index: MessageIndex.build(source()))
    _ = V.press(V.type("/legacy") + [.enter], &state)
    #expect(state.browser.selectedKey == "home.legacy")
    return state
  }

  @Test func aInTheBrowserOpensTheViewAndEnterSwitchesLocaleKeepingTheMessage() throws {
    var state = Self.browsingLegacy()
    #expect(V.press([.character("a")], &state).isEmpty)
    guard case .allLocales(let view) = state.mode else {
      Issue.record("a did not open the all-locales view: \(state.mode)")
      return
    }
    #expect(view.key == "home.legacy" && view.fromBrowser)
    #expect(view.selectedRow?.locale == "nl-NL")
    _ = V.press([.character("j")], &state)
    guard case .allLocales(let moved) = state.mode else { return }
    #expect(moved.selectedRow?.locale == "de-DE")
    let effects = V.press([.enter], &state)
    #expect(effects.contains(.setLocale("de-DE")))
    #expect(
      effects.allSatisfy { if case .setLocale("de-DE") = $0 { true } else { $0 == Self.resolve } })
    #expect(state.mode == .messages)
    #expect(state.browser.selectedKey == "home.legacy")
  }

  @Test func theOpenViewShowsLocalesBuiltAfterItOpenedKeepingTheSelectedLocale() {
    // Opened while only English and Dutch were built (German still building in the background).
    var state = V.browsing(index: MessageIndex.build(F.source()))
    _ = V.press(V.type("/legacy") + [.enter, .character("a"), .character("G")], &state)
    guard case .allLocales(let before) = state.mode else {
      Issue.record("a did not open the all-locales view: \(state.mode)")
      return
    }
    #expect(before.rows.map(\.locale) == ["nl-NL", "en-US"])
    #expect(before.selectedRow?.locale == "en-US")
    // German arrives: the sources changed, the messages are resolved again, the view follows.
    var (next, effects) = PreviewUpdate.update(state, .sourcesChanged("locales: 1 more built"))
    #expect(effects.contains(Self.resolve))
    (next, effects) = PreviewUpdate.update(
      next, .messagesResolved(MessageIndex.build(Self.source())))
    guard case .allLocales(let after) = next.mode else {
      Issue.record("the view closed: \(next.mode)")
      return
    }
    #expect(after.key == "home.legacy" && after.fromBrowser)
    #expect(after.rows.map(\.locale) == ["nl-NL", "de-DE", "en-US"])
    #expect(after.rows[1].state == .inherited(from: "en-US"))
    #expect(after.selectedRow?.locale == "en-US")
  }

  @Test func escReturnsToTheBrowserWithoutChangingTheLocale() {
    var state = Self.browsingLegacy()
    _ = V.press([.character("a"), .character("G")], &state)
    // Back in the browser, which asks for its (cached) messages again; the locale stays.
    #expect(V.press([.escape], &state).allSatisfy { $0 == Self.resolve })
    #expect(state.mode == .messages)
    #expect(state.browser.selectedKey == "home.legacy")
  }

  @Test func listKeysStopAtTheEnds() {
    var state = Self.browsingLegacy()
    _ = V.press([.character("a"), .character("k"), .character("k")], &state)
    guard case .allLocales(let top) = state.mode else { return }
    #expect(top.selectedRow?.locale == "nl-NL")
    _ = V.press([.character("G"), .character("j")], &state)
    guard case .allLocales(let bottom) = state.mode else { return }
    #expect(bottom.selectedRow?.locale == "en-US")
  }

  @Test func aOnAScreenStringOpensTheViewOnceMessagesAreResolved() {
    var state = PreviewState(width: 120, height: 30)
    state.content = PreviewFixtures.content(locale: "nl-NL", locales: ["en-US", "nl-NL"])
    #expect(V.press([.character("a")], &state).isEmpty)
    #expect(state.notice?.contains("select a string first") == true)
    state.inspectedKey = "home.greeting"
    let effects = V.press([.character("a")], &state)
    #expect(effects == [.resolveMessages(compare: false, compareLocale: nil)])
    (state, _) = PreviewUpdate.update(state, .messagesResolved(MessageIndex.build(Self.source())))
    guard case .allLocales(let view) = state.mode else {
      Issue.record("the view did not open: \(state.mode)")
      return
    }
    #expect(view.key == "home.greeting" && !view.fromBrowser)
    _ = V.press([.escape], &state)
    #expect(state.mode == .screen)
  }

  @Test func theFrameShowsEveryLocaleItsStateWidthAndText() {
    var state = Self.browsingLegacy()
    _ = V.press([.character("a"), .character("j")], &state)
    let lines = PreviewView.render(state).lines()
    let text = lines.joined(separator: "\n")
    #expect(text.contains("‹home.legacy› in every locale 2/3"))
    let dutch = lines.first { $0.contains("nl-NL") && $0.contains("Oude banner") }
    #expect(dutch?.contains("translated here") == true)
    #expect(dutch?.contains(" 11 ") == true)
    let german = lines.first { $0.contains("de-DE") }
    #expect(german?.contains("inherited from en-US") == true)
    #expect(german?.contains("Old banner") == true)
    #expect(text.contains("Enter: switch to the locale"))
  }

  @Test func aMissingRowSaysMissing() {
    var state = V.browsing(index: MessageIndex.build(Self.source()))
    _ = V.press(V.type("/only") + [.enter, .character("a")], &state)
    let lines = PreviewView.render(state).lines()
    let dutch = lines.first { $0.contains("nl-NL") && !$0.contains("messagevisor-preview") }
    #expect(dutch?.contains("missing") == true)
    #expect(dutch?.contains("∅ missing") == true)
  }

  @Test func widthsAreMeasuredAgainstTheBlockBudgetElseMaxGraphemes() {
    var source = Self.source()
    let rows = MessageLocaleRow.rows(for: "home.greeting", in: source, budget: 12)
    // "Welkom terug, Pro" is 17 columns: over a budget of 12.
    #expect(rows[0].budget == 12 && rows[0].width == 17 && rows[0].isOverBudget)
    #expect(MessageLocaleRow.rows(for: "home.greeting", in: source).allSatisfy { $0.budget == nil })
    source.notes["home.greeting"] = MessageNotes(file: nil)
    source.notes["home.greeting"]?.maxGraphemes = 40
    let fromNotes = MessageLocaleRow.rows(for: "home.greeting", in: source)
    #expect(fromNotes.allSatisfy { $0.budget == 40 && !$0.isOverBudget })
    #expect(MessageLocaleRow.rows(for: "home.greeting", in: source, budget: 5)[0].budget == 5)
  }

  @Test func aScreenBlocksBudgetCarriesIntoTheView() throws {
    var state = PreviewState(width: 120, height: 30)
    let screen = try ScreenFileReader().parse(
      Array("title: Home\nblocks:\n  - button: home.greeting\n    width: 12\n".utf8),
      name: "home", file: "previews/home.yml")
    var content = PreviewFixtures.content(locale: "nl-NL", locales: ["en-US", "nl-NL"])
    content.screens = ScreenCatalog(screens: [screen])
    state.content = content
    state.screen = "home"
    state.inspectedKey = "home.greeting"
    _ = V.press([.character("a")], &state)
    (state, _) = PreviewUpdate.update(state, .messagesResolved(MessageIndex.build(Self.source())))
    guard case .allLocales(let view) = state.mode else {
      Issue.record("the view did not open: \(state.mode)")
      return
    }
    #expect(view.rows.allSatisfy { $0.budget == 12 })
    let dutch = PreviewView.render(state).lines().first {
      $0.contains("nl-NL") && $0.contains("Welkom terug")
    }
    #expect(dutch?.contains("17/12") == true, "\(dutch ?? "")")
  }

  @Test func eachRowShowsItsTranslationsReviewState() throws {
    var source = Self.source()
    source.notes["home.legacy"] = MessageNotes()
    source.notes["home.legacy"]?.reviews = [
      "nl-NL": TranslationReview(
        state: TranslationReviewState(status: .reviewed, sourceHash: "old"), isStale: true,
        targetChanged: false),
      "de-DE": TranslationReview(state: nil, isStale: false, targetChanged: false),
    ]
    let rows = MessageLocaleRow.rows(for: "home.legacy", in: source)
    #expect(rows.map(\.reviewLabel) == ["stale", "", ""])
    var state = V.browsing(index: MessageIndex.build(source))
    _ = V.press(V.type("/legacy") + [.enter, .character("a")], &state)
    let dutch = PreviewView.render(state).lines().first { $0.contains("Oude banner") }
    #expect(dutch?.contains("translated here · stale") == true, "\(dutch ?? "")")
  }
}
