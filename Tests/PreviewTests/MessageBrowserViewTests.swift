import Foundation
import Messagevisor
import TerminalUI
import Testing

@testable import Preview

/// The browser as a user drives it: keys through ``PreviewUpdate``, frames from ``PreviewView``.
@Suite("Message browser: headless frames")
struct MessageBrowserViewTests {
  typealias F = MessageBrowserFixtures

  /// A state in the browser with the fixture index resolved (as the runtime would deliver it).
  static func browsing(width: Int = 140, height: Int = 30, index: MessageIndex = F.index())
    -> PreviewState
  {
    var state = PreviewState(width: width, height: height)
    state.content = PreviewFixtures.content(locale: "nl-NL", locales: ["en-US", "nl-NL"])
    var effects: [PreviewEffect]
    (state, effects) = PreviewUpdate.update(state, .key(.character("m")))
    #expect(state.mode == .messages)
    #expect(effects.contains(.resolveMessages(compare: false, compareLocale: nil)))
    (state, _) = PreviewUpdate.update(state, .messagesResolved(index))
    return state
  }

  static func press(_ keys: [Key], _ state: inout PreviewState) -> [PreviewEffect] {
    var all: [PreviewEffect] = []
    for key in keys {
      let (next, effects) = PreviewUpdate.update(state, .key(key))
      state = next
      all += effects
    }
    return all
  }

  static func type(_ text: String) -> [Key] { text.map { .character($0) } }

  /// The list rows (inside the left panel) that show a message key.
  static func listedKeys(_ frame: Frame, _ index: MessageIndex) -> [String] {
    frame.lines().compactMap { line in
      index.entries.map(\.key).first { line.contains(" \($0) ") }
    }
  }

  @Test func theListShowsKeysTextsFlagsAndThePosition() {
    let state = Self.browsing()
    let text = PreviewView.render(state).plainText
    #expect(text.contains("Messages 1/6"))
    #expect(text.contains("home.greeting"))
    #expect(text.contains("Welkom terug, Pro"))
    #expect(text.contains("∅ missing"))
    #expect(text.contains("·O···· home.greeting"))
    #expect(text.contains("··D··· home.legacy"))
    #expect(text.contains("M····· only.english"))
    #expect(text.contains("····↑· news.ota"))
    #expect(text.contains("···E·· cart.broken"))
    #expect(text.contains(" messagevisor-preview · Messages"))
  }

  @Test func slashSearchFiltersAsYouTypeAndEscClearsIt() {
    var state = Self.browsing(width: 90)
    let index = F.index()
    _ = Self.press([.character("/")] + Self.type("cart"), &state)
    #expect(state.browser.editingQuery)
    var frame = PreviewView.render(state)
    #expect(Self.listedKeys(frame, index) == ["cart.broken", "cart.count"])
    #expect(frame.plainText.contains("/cart▏"))
    #expect(frame.plainText.contains("Messages 1/2 of 6"))
    // Letters go to the query, not to the key table ("f" would cycle the filter).
    _ = Self.press(Self.type(" f"), &state)
    #expect(state.browser.query == "cart f" && state.browser.filter == .all)
    _ = Self.press([.backspace, .backspace, .enter], &state)
    #expect(!state.browser.editingQuery && state.browser.query == "cart")
    frame = PreviewView.render(state)
    #expect(frame.plainText.contains("/cart"))
    _ = Self.press([.character("/"), .escape], &state)
    #expect(state.browser.query.isEmpty)
    #expect(Self.listedKeys(PreviewView.render(state), index).count == 6)
  }

  @Test func noMatchSaysSo() {
    var state = Self.browsing()
    _ = Self.press([.character("/")] + Self.type("qqq"), &state)
    #expect(PreviewView.render(state).plainText.contains("no message matches “qqq”"))
  }

  @Test func fCyclesEveryFilterAndTheListFollows() {
    var state = Self.browsing(width: 90)
    let index = F.index()
    let expected: [(MessageFilter, [String])] = [
      (.missing, ["only.english"]), (.untranslated, ["only.english"]),
      (.overridden, ["home.greeting"]), (.deprecated, ["home.legacy"]),
      (.fromOTA, ["news.ota"]), (.icuError, ["cart.broken"]), (.lint, []), (.needsReview, []),
      (.blocking, ["only.english"]), (.all, index.entries.map(\.key)),
    ]
    for (filter, keys) in expected {
      _ = Self.press([.character("f")], &state)
      #expect(state.browser.filter == filter)
      let frame = PreviewView.render(state)
      #expect(Self.listedKeys(frame, index) == keys, "\(filter)")
      if filter != .all { #expect(frame.plainText.contains("· \(filter.rawValue)")) }
    }
  }

  @Test func compareAsksForTheSecondLocaleAndShowsBothSideBySide() throws {
    var state = Self.browsing()
    let effects = Self.press([.character("x")], &state)
    #expect(effects == [.resolveMessages(compare: true, compareLocale: nil)])
    (state, _) = PreviewUpdate.update(state, .messagesResolved(F.index(compare: "en-US")))
    let lines = PreviewView.render(state).lines()
    #expect(lines.joined().contains("nl-NL ↔ en-US"))
    let row = try #require(lines.first { $0.contains(" home.greeting ") })
    #expect(row.contains("Welkom terug, Pro") && row.contains("│ Welcome back, Pro"))
    let missing = try #require(lines.first { $0.contains(" only.english ") })
    #expect(missing.contains("∅ missing") && missing.contains("Only in English"))
    // X picks another locale; x again turns compare off.
    #expect(
      Self.press([.character("X")], &state) == [
        .resolveMessages(compare: true, compareLocale: "en-US")
      ])
    #expect(
      Self.press([.character("x")], &state) == [
        .resolveMessages(compare: false, compareLocale: "en-US")
      ])
  }

  @Test func detailShowsWhyEachOverrideDidOrDidNotMatchWithTheContextValues() throws {
    var state = Self.browsing(index: F.index(context: ["plan": "pro"]))
    _ = Self.press([.character("/")] + Self.type("greeting") + [.enter], &state)
    _ = Self.press([.enter], &state)
    #expect(state.browser.detailOpen)
    let text = PreviewView.render(state).plainText
    #expect(text.contains("home.greeting"))
    #expect(text.contains("nl-NL · override pro"))
    #expect(text.contains("beta  ✗ no match"))
    #expect(text.contains("✗ segment beta-users"))
    #expect(text.contains("✗ beta equals true · context: missing"))
    #expect(text.contains("pro  ✓ matched · used"))
    #expect(text.contains("✓ plan equals \"pro\" · context: \"pro\""))
    // Esc closes the detail first, then the browser.
    _ = Self.press([.escape], &state)
    #expect(state.mode == .messages && !state.browser.detailOpen)
    _ = Self.press([.escape], &state)
    #expect(state.mode == .screen)
  }

  @Test func theSideDetailFollowsTheSelectionInAWideTerminal() {
    var state = Self.browsing(width: 160)
    _ = Self.press([.character("/")] + Self.type("cart.count") + [.enter], &state)
    let text = PreviewView.render(state).plainText
    #expect(text.contains("{count}  plural"))
    #expect(text.contains("Examples (1)"))
    #expect(text.contains("nl-NL · three items"))
    #expect(text.contains("values {count: 3}"))
    #expect(text.contains("messages/cart/count.yml"))
  }

  @Test func aSmallerTerminalKeepsTheSelectionInView() {
    var translations: [String: String] = [:]
    for n in 0..<200 { translations[String(format: "key.%03d", n)] = "Text \(n)" }
    let source = MessageBrowserSource(
      locale: "en-US",
      datafiles: [
        "en-US": DatafileContent(
          messagevisorVersion: "t", target: "t", locale: "en-US", translations: translations)
      ])
    var state = Self.browsing(height: 60, index: MessageIndex.build(source))
    _ = Self.press(Array(repeating: Key.character("j"), count: 40), &state)
    #expect(state.browser.scroll == 0)
    (state, _) = PreviewUpdate.update(state, .resize(width: 140, height: 20))
    let rows = PreviewView.messageListRows(height: 20)
    #expect(state.browser.scroll == 40 - rows + 1)
    #expect(PreviewView.render(state).plainText.contains("key.040"))
  }

  @Test func longTextsWrapInTheDetailInsteadOfBeingCut() {
    var source = F.source()
    let long = (1...30).map { "woord\($0)" }.joined(separator: " ") + " einde"
    source.datafiles["nl-NL"]?.translations["home.legacy"] = long
    var state = Self.browsing(width: 80, index: MessageIndex.build(source))
    _ = Self.press([.character("/")] + Self.type("legacy") + [.enter, .enter], &state)
    let text = PreviewView.render(state).plainText
    #expect(text.contains("woord1 woord2"))
    #expect(text.contains("einde"))
    #expect(!text.contains("…"))
  }

  @Test func tenThousandMessagesScrollWithAPositionIndicator() throws {
    var translations: [String: String] = [:]
    for n in 0..<10_000 { translations[String(format: "key.%05d", n)] = "Text \(n)" }
    let source = MessageBrowserSource(
      locale: "en-US",
      datafiles: [
        "en-US": DatafileContent(
          messagevisorVersion: "t", target: "t", locale: "en-US", translations: translations)
      ])
    var state = Self.browsing(height: 30, index: MessageIndex.build(source))
    _ = Self.press(Array(repeating: Key.pageDown, count: 3) + [.character("j")], &state)
    let rows = PreviewView.messageListRows(height: 30)
    #expect(state.browser.selection == rows * 3 + 1)
    var frame = PreviewView.render(state)
    #expect(frame.plainText.contains("Messages \(rows * 3 + 2)/10000"))
    #expect(frame.plainText.contains(String(format: "key.%05d", rows * 3 + 1)))
    #expect(frame.plainText.contains("█"))
    _ = Self.press([.character("G")], &state)
    frame = PreviewView.render(state)
    #expect(frame.plainText.contains("Messages 10000/10000"))
    #expect(frame.plainText.contains("key.09999"))
    _ = Self.press([.character("g")], &state)
    #expect(state.browser.selection == 0 && state.browser.scroll == 0)
  }

  @Test func helpListsTheBrowserKeys() {
    var state = Self.browsing()
    state.mode = .help
    let text = PreviewView.render(PreviewState(width: 200, height: 80)).plainText
    _ = state
    #expect(text.isEmpty == false)
    let lines = PreviewView.helpLines().map(\.text)
    #expect(lines.contains("Message browser"))
    #expect(lines.contains { $0.hasPrefix("Search keys and texts") })
    #expect(lines.contains { $0.hasPrefix("Open the message browser") })
  }

  @Test func translationsCannotInjectControlsThroughTheBrowser() {
    var source = F.source()
    source.datafiles["nl-NL"]?.translations["home.legacy"] = "Evil \u{1B}[2J\u{07} text"
    let state = Self.browsing(width: 160, index: MessageIndex.build(source))
    let frame = PreviewView.render(state)
    for row in 0..<frame.height {
      for column in 0..<frame.width {
        #expect(
          !frame[column, row].text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
      }
    }
  }

  @Test func tinyTerminalsDoNotCrashInTheBrowser() {
    for (w, h) in [(10, 5), (20, 8), (40, 10), (60, 12)] {
      var state = Self.browsing(width: w, height: h)
      for keys in [[], [Key.enter], [.character("x")]] {
        _ = Self.press(keys, &state)
        let frame = PreviewView.render(state)
        #expect(frame.width == w && frame.height == h)
      }
    }
  }
}
