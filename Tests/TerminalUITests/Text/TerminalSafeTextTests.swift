import Testing

@testable import TerminalUI

@Suite("TerminalSafeText")
struct TerminalSafeTextTests {
  @Test(
    "control characters become placeholders",
    arguments: [
      ("\u{1B}", "␛"),
      ("\u{0}", "␀"),
      ("\t", "␉"),
      ("\n", "␊"),
      ("\r\n", "␤"),
      ("\u{7F}", "␡"),
      ("\u{9B}", "\u{FFFD}"),  // C1 CSI
      ("\u{85}", "\u{FFFD}"),  // NEL
      ("\u{2028}", "\u{FFFD}"),
    ])
  func placeholders(input: String, expected: String) {
    #expect(TerminalSafeText.sanitized(input) == expected)
  }

  @Test("bidi controls and zero-width format characters are dropped")
  func dropped() {
    #expect(TerminalSafeText.sanitized("a\u{200F}b\u{202E}c\u{2066}d\u{2069}\u{200B}e") == "abcde")
    #expect(TerminalSafeText.cellContent(for: "\u{200E}") == nil)
  }

  @Test("a prepended format character is dropped, the digits are kept")
  func prepended() {
    #expect(TerminalSafeText.sanitized("\u{600}١٢") == "١٢")
  }

  @Test("emoji sequences keep their joiners")
  func emojiKept() {
    #expect(TerminalSafeText.sanitized("👨‍👩‍👧") == "👨‍👩‍👧")
  }

  @Test("cells cannot hold control characters")
  func cellsNeutralise() {
    #expect(Cell("\u{1B}").text == "␛")
    #expect(Cell("\u{9B}").text == "\u{FFFD}")
    #expect(Cell("\u{202E}").text == " ")
  }

  @Test("an escape sequence in text never reaches the output")
  func escapeNeverWritten() {
    var frame = Frame(width: 40, height: 3)
    frame.put("red\u{1B}[31mALERT\u{1B}[0m\u{9B}2J\u{7}", x: 0, y: 0)
    frame.putWrapped("\u{1B}]0;title\u{7} \u{1B}[2J", in: Rect(x: 0, y: 1, width: 40, height: 2))
    let output = RecordingOutput()
    var differ = FrameDiffer()
    differ.render(frame, to: output)
    let written = output.runs.map(\.text).joined()
    #expect(written.contains("␛[31mALERT␛[0m"))
    for scalar in written.unicodeScalars {
      #expect(
        !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)), "unsafe U+\(scalar.value)")
    }
    #expect(frame.lines()[0] == "red␛[31mALERT␛[0m\u{FFFD}2J␇")
  }
}
