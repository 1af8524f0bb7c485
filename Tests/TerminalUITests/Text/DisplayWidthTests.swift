import Testing

@testable import TerminalUI

@Suite("DisplayWidth")
struct DisplayWidthTests {
  @Test(
    "display width of strings",
    arguments: [
      ("abc", 3),
      ("日本語", 6),
      ("🙂", 2),
      ("e\u{301}", 1),  // e + combining acute
      ("é", 1),  // precomposed
      ("🇳🇱", 2),  // flag: two regional indicators
      ("🇳🇱🇯🇵", 4),
      ("👨‍👩‍👧", 2),  // ZWJ family is one grapheme
      ("👍🏽", 2),  // emoji modifier
      ("❤️", 2),  // text-presentation heart + VS16
      ("❤", 1),
      ("한국어", 6),
      ("Ａ", 2),  // fullwidth A
      ("ｱ", 1),  // halfwidth katakana
      ("مرحبا", 5),
      ("a\u{200F}b", 2),  // RLM draws nothing
      ("\u{1B}", 1),  // ESC becomes a 1-column placeholder
      ("\u{301}", 1),  // combining mark without a base is drawn on ◌
      ("1️⃣", 2),  // keycap
      ("कि", 2),  // consonant + spacing vowel sign: one grapheme, two columns
      ("क्षि", 3),  // conjunct: one grapheme, three columns
      ("กำ", 2),  // Thai SARA AM is a spacing mark
      ("กั", 1),  // Thai MAI HAN-AKAT is non-spacing
      ("\u{600}١٢", 2),  // Arabic number sign (prepended format character) + two digits
      ("", 0),
    ])
  func widths(text: String, expected: Int) {
    #expect(DisplayWidth.of(text) == expected)
  }

  @Test("width per scalar")
  func scalarWidths() {
    #expect(DisplayWidth.of(scalar: "a") == 1)
    #expect(DisplayWidth.of(scalar: "語") == 2)
    #expect(DisplayWidth.of(scalar: "\u{301}") == 0)
    #expect(DisplayWidth.of(scalar: "\u{200D}") == 0)
    #expect(DisplayWidth.of(scalar: "\u{3000}") == 2)
    #expect(DisplayWidth.of(scalar: "\u{20000}") == 2)
  }

  @Test("graphemes keep their marks")
  func graphemeNotSplit() {
    let text = "Ame\u{301}lie"
    #expect(text.count == 6)
    #expect(DisplayWidth.of(text) == 6)
  }
}
