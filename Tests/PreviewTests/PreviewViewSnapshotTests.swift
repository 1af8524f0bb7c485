import Foundation
import TerminalUI
import Testing

@testable import Preview

/// Headless frames of the real demo: each screen × locale × width, asserting on content and layout.
@Suite("Preview screens, headless (Demo)", .enabled(if: DemoFixture.demoExists, "Demo/ is missing"))
struct PreviewViewSnapshotTests {
  static let locales = ["en-US", "nl-NL", "ja-JP", "ar"]
  static let widths = [60, 100, 160]

  /// The key strings each screen must show.
  static func keys(_ screen: PreviewScreen) -> [String] {
    switch screen.rawValue {
    case "welcome":
      return [
        "welcome_badge", "welcome_title", "welcome_locale_label", "welcome_locale_value",
        "welcome_open_story_cta",
      ]
    default: return ["story_title", "story_refresh_cta"]
    }
  }

  static let screens: [PreviewScreen] = ["welcome", "story"]

  /// `text` as it appears on screen: right-to-left text is reordered for display.
  static func displayed(_ text: String, rtl: Bool) -> String {
    rtl ? BidiReorderer.visualOrder(text, baseDirection: .rtl) : text
  }

  @Test(arguments: screens, locales)
  func screenAtEveryWidth(screen: PreviewScreen, locale: String) throws {
    for width in Self.widths {
      let loop = try DemoFixture.loop(locale: locale, width: width, screen: screen)
      let state = loop.state
      let content = try #require(state.content)
      #expect(content.locale == locale)
      #expect(content.isRightToLeft == (locale == "ar"))
      let frame = PreviewView.render(state)
      let lines = frame.lines(trimmingTrailingSpaces: false)
      #expect(lines.count == 30)
      for (row, line) in lines.enumerated() {
        #expect(
          DisplayWidth.of(line) == width, "row \(row) is \(DisplayWidth.of(line)) wide at \(width)")
      }
      // Same state, same frame.
      #expect(PreviewView.render(state) == frame)
      let text = frame.plainText
      for key in Self.keys(screen) {
        let resolved = content.text(key)
        #expect(resolved.origin != .fallbackToKey, "\(key) missing in \(locale)")
        let shown = Self.displayed(resolved.text, rtl: content.isRightToLeft)
        #expect(
          text.contains(shown), "\(key) = \(resolved.text) not on screen (\(locale), \(width))")
      }
      #expect(lines[0].contains(locale))
      #expect(lines[29].contains("? help") && lines[29].contains("q quit"))
      #expect(text.contains("Context") == (width >= 100))
      #expect(text.contains("Diagnostics") == (width >= 100))
      // Titles align to the reading start: LTR at the left edge of the main box, RTL at its right.
      let titleKey = screen == "welcome" ? "welcome_title" : "story_title"
      let title = Self.displayed(content.text(titleKey).text, rtl: content.isRightToLeft)
      let row = try #require(lines.firstIndex { $0.contains(title) })
      let line = lines[row]
      let mainWidth = width >= 100 ? max(width / 2, 50) : width
      let mainPart = String(line.prefix(mainWidth))
      let range = try #require(mainPart.range(of: title))
      let before = DisplayWidth.of(String(mainPart[..<range.lowerBound]))
      let after = DisplayWidth.of(String(mainPart[range.upperBound...]))
      if content.isRightToLeft {
        #expect(after == 2, "RTL title should end 2 columns before the box edge: \(line)")
      } else {
        #expect(before == 2, "LTR title should start 2 columns after the box edge: \(line)")
      }
    }
  }

  @Test func welcomeShowsCallToActionAndRefreshLineEvenWhenShort() throws {
    let loop = try DemoFixture.loop(locale: "nl-NL", width: 60, height: 24)
    let text = PreviewView.render(loop.state).plainText
    let content = try #require(loop.state.content)
    #expect(text.contains(content.text("welcome_open_story_cta").text))
    #expect(text.contains(content.text("welcome_refresh_state_idle").text))
  }

  @Test func inspectLabelsEveryVisibleStringWithKeyAndOrigin() throws {
    let loop = try DemoFixture.loop(locale: "en-US", width: 160, height: 60, inspect: true)
    let text = PreviewView.render(loop.state).plainText
    for key in Self.keys("welcome") + ["welcome_subtitle", "welcome_refresh_state_idle"] {
      #expect(text.contains("‹\(key)›"), "no inspect label for \(key)")
    }
    // The demo's terminal-platform override for the subtitle is named, not guessed.
    let subtitle = try #require(loop.state.content?.text("welcome_subtitle"))
    #expect(subtitle.origin == .override(key: "terminal"))
    #expect(text.contains("‹welcome_subtitle› override terminal"))
    #expect(text.contains("‹welcome_title› base project terminal"))
  }

  @Test func planSwitchChangesOverriddenTitle() throws {
    let loop = try DemoFixture.loop(locale: "en-US", width: 100)
    let before = try #require(loop.state.content?.text("welcome_title").text)
    loop.dispatch(.key(.character("p")))  // free → pro
    let after = try #require(loop.state.content?.text("welcome_title"))
    #expect(after.text != before)
    #expect(after.origin == .override(key: "pro"))
    #expect(PreviewView.render(loop.state).plainText.contains(after.text))
  }

  @Test func diagnosticsPanelShowsTheDeliberateGap() throws {
    let loop = try DemoFixture.loop(locale: "ja-JP", width: 100)
    loop.dispatch(.key(.character("d")))
    loop.dispatch(.key(.character("f")))  // errors only
    let visible = loop.state.diagnostics.visible
    let gap = try #require(visible.first { $0.code == "missing_translation" })
    #expect(gap.detail("locale") == "ja-JP")
    let text = PreviewView.render(loop.state).plainText
    #expect(text.contains("missing_translation"))
    let index = try #require(visible.firstIndex { $0.code == "missing_translation" })
    for _ in 0..<index { loop.dispatch(.key(.down)) }
    loop.dispatch(.key(.enter))
    let expanded = PreviewView.render(loop.state).plainText
    #expect(expanded.contains("messageKey: \(gap.detail("messageKey") ?? "?")"))
    #expect(expanded.contains("module: —"))
  }

  @Test func helpScreenListsEveryBinding() throws {
    let loop = try DemoFixture.loop(locale: "en-US", width: 160, height: 40)
    loop.dispatch(.key(.character("?")))
    // The help scrolls when the table is longer than the frame: read it page by page.
    var text = ""
    for _ in 0..<200 {
      text += PreviewView.render(loop.state).plainText
      let before = loop.state.help.scroll
      loop.dispatch(.key(.character("j")))
      if loop.state.help.scroll == before { break }
    }
    for binding in KeyTable.bindings {
      #expect(text.contains(String(binding.description.prefix(40))), "help lacks \(binding.action)")
    }
    // At 100 columns the help scrolls.
    let narrow = try DemoFixture.loop(locale: "en-US", width: 100, height: 20)
    narrow.dispatch(.key(.character("?")))
    let top = PreviewView.render(narrow.state).plainText
    narrow.dispatch(.key(.character("j")))
    #expect(PreviewView.render(narrow.state).plainText != top)
  }

  @Test func pickerAndEditorOverlaysRender() throws {
    let loop = try DemoFixture.loop(locale: "en-US", width: 100)
    loop.dispatch(.key(.character("L")))
    var text = PreviewView.render(loop.state).plainText
    let current = text.split(separator: "\n").first {
      $0.contains("▶ en-US English (United States)")
    }
    #expect(current?.contains("•") == true, "\(text)")
    #expect(text.contains("ja-JP"))
    loop.dispatch(.key(.escape))
    loop.dispatch(.key(.character("e")))
    for c in "beta=true" { loop.dispatch(.key(.character(c))) }
    text = PreviewView.render(loop.state).plainText
    #expect(text.contains("> beta=true"))
    loop.dispatch(.key(.enter))
    #expect(loop.state.content?.context["beta"] == true)
    #expect(PreviewView.render(loop.state).plainText.contains("beta on"))
    // b toggles the project's flag (segments/beta-readers.yml tests feature betaStories).
    loop.dispatch(.key(.character("b")))
    #expect(loop.state.content?.context["betaStories"] == true)
  }
}
