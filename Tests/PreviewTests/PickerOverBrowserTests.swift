import TerminalUI
import Testing

@testable import Preview

/// `L` (and the other pickers) in the message browser open over the browser, and closing them
/// returns to it: the browser is never replaced by a screen frame.
@Suite("Pickers open over the message browser")
struct PickerOverBrowserTests {
  typealias Browser = MessageBrowserViewTests

  @Test func localePickerKeepsTheBrowserBehindItAndEscReturnsToIt() {
    var state = Browser.browsing(width: 120, height: 30)
    let before = PreviewView.render(state).lines()
    _ = Browser.press([.character("L")], &state)
    let frame = PreviewView.render(state)
    let text = frame.plainText
    #expect(text.contains("Locale"), "\(text)")
    // The browser (its list title and its detail) is still there; no screen frame took its place.
    #expect(text.contains("Messages 1/6"), "\(text)")
    #expect(text.contains("Detail"), "\(text)")
    #expect(!text.contains("Welcome"), "\(text)")
    #expect(!text.contains("Loading the engine"), "\(text)")
    // Rows below the picker are the browser's rows, unchanged.
    let lines = frame.lines()
    #expect(lines[lines.count - 4] == before[before.count - 4], "\(text)")
    _ = Browser.press([.escape], &state)
    #expect(state.mode == .messages)
    #expect(PreviewView.render(state).lines() == before)
  }

  @Test func choosingALocaleInThePickerReturnsToTheBrowser() {
    var state = Browser.browsing(width: 120, height: 30)
    let effects = Browser.press([.character("L"), .enter], &state)
    #expect(state.mode == .messages)
    #expect(effects.contains { if case .setLocale = $0 { true } else { false } })
  }
}
