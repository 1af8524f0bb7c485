import Testing

@testable import TerminalUI

@Suite("ThemePalette")
struct ThemePaletteTests {
  @Test(
    "nearest xterm-256 colours of the theme",
    arguments: [
      (ThemeColor.accent, 214),  // #F5A623 → #FFAF00
      (.success, 78),  // #3DDC97 → #5FD787
      (.textPrimary, 231),  // #F5F7FB → #FFFFFF
      (.error, 203),  // #F97066 → #FF5F5F
    ])
  func xterm(color: ThemeColor, index: Int) {
    #expect(ThemePalette.xterm256(color) == index)
  }

  @Test("exact cube and grey colours map to themselves")
  func exact() {
    #expect(ThemePalette.xterm256Index(nearest: 0xFFAF00) == 214)
    #expect(ThemePalette.xterm256Index(nearest: 0x000000) == 16)
    #expect(ThemePalette.xterm256Index(nearest: 0x808080) == 244)
    #expect(ThemePalette.xterm256(.terminalDefault) == nil)
  }

  @Test("monochrome uses attributes")
  func monochrome() {
    #expect(
      ThemePalette.monochromeAttributes(foreground: .error, background: .terminalDefault).contains(
        .bold))
    #expect(
      ThemePalette.monochromeAttributes(foreground: .textMuted, background: .background) == .dim)
    #expect(
      ThemePalette.monochromeAttributes(foreground: .textPrimary, background: .selection)
        == .reverse)
  }
}
