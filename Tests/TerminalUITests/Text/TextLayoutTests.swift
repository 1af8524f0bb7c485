import Testing

@testable import TerminalUI

@Suite("TextLayout")
struct TextLayoutTests {
  struct WrapCase: Sendable, CustomTestStringConvertible {
    var text: String
    var width: Int
    var lines: [String]
    var testDescription: String { "\(text.prefix(12))… @\(width)" }
  }

  @Test(
    "wrap by display width",
    arguments: [
      WrapCase(
        text: "The quick brown fox jumps", width: 10, lines: ["The quick", "brown fox", "jumps"]),
      WrapCase(text: "exact fit", width: 9, lines: ["exact fit"]),
      WrapCase(text: "supercalifragilistic", width: 8, lines: ["supercal", "ifragili", "stic"]),
      WrapCase(text: "日本語のテキストを折り返す", width: 6, lines: ["日本語", "のテキ", "ストを", "折り返", "す"]),
      WrapCase(text: "日本語のテキスト", width: 7, lines: ["日本語", "のテキ", "スト"]),
      WrapCase(text: "Hello 世界です", width: 8, lines: ["Hello 世", "界です"]),
      WrapCase(text: "مرحبا بكم في التطبيق", width: 10, lines: ["مرحبا بكم", "في التطبيق"]),
      WrapCase(text: "👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", width: 3, lines: ["👨‍👩‍👧", "👨‍👩‍👧", "👨‍👩‍👧"]),
      WrapCase(text: "a\n\nb", width: 5, lines: ["a", "", "b"]),
      WrapCase(text: "word   spaced", width: 6, lines: ["word", "spaced"]),
      WrapCase(text: "Ame\u{301}lie Poulain", width: 6, lines: ["Ame\u{301}lie", "Poulai", "n"]),
      WrapCase(text: "", width: 4, lines: [""]),
    ])
  func wrap(testCase: WrapCase) {
    let lines = TextLayout.wrap(testCase.text, width: testCase.width)
    #expect(lines == testCase.lines)
    for line in lines {
      #expect(DisplayWidth.of(line) <= testCase.width)
    }
  }

  @Test("wrap with width below one gives no lines")
  func wrapZero() {
    #expect(TextLayout.wrap("abc", width: 0).isEmpty)
  }

  @Test(
    "truncate with an ellipsis by width",
    arguments: [
      ("Hello world", 8, "Hello w…"),
      ("Hello", 8, "Hello"),
      ("日本語テキスト", 7, "日本語…"),
      ("日本語", 6, "日本語"),
      ("🙂🙂🙂", 4, "🙂…"),
      ("Hello world", 1, "…"),
      ("Hello world", 0, ""),
      ("ab cd", 4, "ab…"),
    ])
  func truncate(text: String, width: Int, expected: String) {
    #expect(TextLayout.truncate(text, width: width) == expected)
  }

  @Test("pad aligns by width")
  func pad() {
    #expect(TextLayout.pad("日本", width: 6, alignment: .right) == "  日本")
    #expect(TextLayout.pad("ab", width: 5, alignment: .center) == " ab  ")
    #expect(TextLayout.pad("abcdef", width: 4) == "abc…")
  }
}
