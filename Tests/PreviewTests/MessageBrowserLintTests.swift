import Foundation
import Messagevisor
import MessagevisorProject
import TerminalUI
import Testing

@testable import Preview

/// The browser shows `lint`'s findings: the `L` marker, the "lint" filter, and the findings with
/// their positions in the detail.
@Suite("Message browser: lint findings")
struct MessageBrowserLintTests {
  typealias F = MessageBrowserFixtures
  typealias V = MessageBrowserViewTests

  static func finding(
    _ key: String, _ code: String, _ level: LintLevel, locale: String?, line: Int = 3
  ) -> LintFinding {
    LintFinding(
      level: level, filePath: "messages/\(key.replacingOccurrences(of: ".", with: "/")).yml",
      entityType: "message", entityKey: key, message: "\(code) in \(key); fix it",
      path: locale.map { "translations.\($0)" } ?? "", code: code, line: line, column: 7,
      locale: locale)
  }

  /// The fixture index in nl-NL with findings: a warning on home.greeting (nl-NL), an error on
  /// cart.count about no locale, info only on home.legacy (nl-NL), a warning on news.ota in
  /// en-US only.
  static func index(locale: String = "nl-NL") -> MessageIndex {
    var source = F.source(locale: locale)
    source.lint = [
      "home.greeting": [finding("home.greeting", "whitespace_mismatch", .warning, locale: "nl-NL")],
      "cart.count": [finding("cart.count", "plural_categories", .error, locale: nil, line: 5)],
      "home.legacy": [finding("home.legacy", "unused_message", .info, locale: "nl-NL")],
      "news.ota": [finding("news.ota", "untranslated", .warning, locale: "en-US")],
    ]
    return MessageIndex.build(source)
  }

  @Test func lintFilterKeepsMessagesWithAWarningOrErrorInTheActiveLocale() {
    let dutch = Self.index()
    #expect(
      F.keys(dutch, dutch.select(query: "", filter: .lint)) == ["cart.count", "home.greeting"])
    let english = Self.index(locale: "en-US")
    #expect(
      F.keys(english, english.select(query: "", filter: .lint)) == ["cart.count", "news.ota"])
    // Info-level findings are listed in the detail but do not flag the message.
    let legacy = dutch.entries[dutch.position(of: "home.legacy") ?? 0]
    #expect(legacy.lint.map(\.code) == ["unused_message"])
    #expect(!legacy.flags.contains(.lint))
    // Without findings nothing passes.
    let plain = F.index()
    #expect(plain.select(query: "", filter: .lint).isEmpty)
  }

  @Test func wideFrameShowsTheMarkerAndTheSelectedMessagesFindingsWithPositions() {
    var state = V.browsing(width: 120, height: 30, index: Self.index())
    var text = PreviewView.render(state).plainText
    #expect(text.contains("·O···L home.greeting"))
    #expect(text.contains("······ cart.count") == false)
    #expect(text.contains("·····L cart.count"))
    #expect(text.contains("······ home.legacy") == false)
    _ = V.press([.character("/")] + V.type("greeting") + [.enter], &state)
    text = PreviewView.render(state).plainText
    #expect(text.contains("Lint (1)"))
    #expect(text.contains("warning whitespace_mismatch"))
    #expect(text.contains("messages/home/greeting.yml:3:7"))
    #expect(text.contains("flags: overridden, lint"))
  }

  @Test func narrowFrameCyclesToTheLintFilterAndOpensTheDetail() throws {
    var state = V.browsing(width: 80, height: 24, index: Self.index())
    var cycles = 0
    while state.browser.filter != .lint, cycles < MessageFilter.allCases.count {
      _ = V.press([.character("f")], &state)
      cycles += 1
    }
    #expect(state.browser.filter == .lint)
    var frame = PreviewView.render(state)
    #expect(frame.plainText.contains("Messages 1/2 of 6 · lint"))
    #expect(
      V.listedKeys(frame, try #require(state.browser.index)) == ["cart.count", "home.greeting"])
    _ = V.press([.enter], &state)
    #expect(state.browser.detailOpen)
    frame = PreviewView.render(state)
    #expect(frame.plainText.contains("Lint (1)"))
    #expect(frame.plainText.contains("error plural_categories"))
    #expect(frame.plainText.contains("plural_categories in cart.count; fix it"))
    #expect(frame.plainText.contains("messages/cart/count.yml:5:7"))
  }
}
