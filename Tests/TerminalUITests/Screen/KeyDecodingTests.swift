import CTerminalShim
import Testing

@testable import TerminalUI

@Suite("Key decoding")
struct KeyDecodingTests {
  @Test(
    "characters from get_wch",
    arguments: [
      (UInt32(13), Key.enter), (10, .control("j")), (9, .tab), (127, .backspace), (8, .backspace),
      (27, .escape), (1, .control("a")), (26, .control("z")), (0x71, .character("q")),
      (0x65E5, .character("日")), (0x9B, .unknown(0x9B)),
    ])
  func characters(value: UInt32, key: Key) {
    #expect(NcursesScreen.decodeCharacter(value) == key)
  }

  @Test("curses key codes")
  func codes() {
    func code(_ value: Int32) -> cterm_key_result {
      cterm_key_result(status: Int32(CTERM_KEY_CODE), value: UInt32(bitPattern: value), error: 0)
    }
    #expect(NcursesScreen.decode(code(0o403)) == .up)
    #expect(NcursesScreen.decode(code(0o402)) == .down)
    #expect(NcursesScreen.decode(code(0o523)) == .pageUp)
    #expect(NcursesScreen.decode(code(0o522)) == .pageDown)
    #expect(NcursesScreen.decode(code(0o541)) == .backTab)
    #expect(NcursesScreen.decode(code(0o410 + 5)) == .function(5))
    #expect(NcursesScreen.decode(code(0o406)) == .home)
    #expect(NcursesScreen.decode(code(0o550)) == .end)
  }
}
