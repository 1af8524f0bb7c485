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

  @Test("a joiner between ordinary letters never reaches the terminal")
  func strayJoinersRemoved() {
    var frame = Frame(width: 20, height: 1)
    frame.put("a\u{200D}b c\u{200C}d \u{200D}e", x: 0, y: 0)
    let output = RecordingOutput()
    var differ = FrameDiffer()
    differ.render(frame, to: output)
    let written = output.runs.map(\.text).joined()
    #expect(!written.unicodeScalars.contains(where: { $0.value == 0x200D || $0.value == 0x200C }))
    #expect(frame.lines()[0] == "ab cd e")
  }

  @Test("joiners that shape stay inside their cell; a ZWJ never ends a cell")
  func shapingJoinersKept() {
    #expect(Cell("👨\u{200D}👩\u{200D}👧").text == "👨\u{200D}👩\u{200D}👧")
    #expect(Cell("👨\u{200D}👩\u{200D}👧").width == 2)
    #expect(Cell("क्\u{200D}ष").text == "क्\u{200D}ष")
    // A half form at the end of a word: its grapheme ends in the ZWJ, which would make tmux attach
    // the next character drawn (anywhere on screen) to this cell.
    #expect(Cell("क्\u{200D}").text == "क्")
    #expect(Cell("a\u{200D}").text == "a")
    // Persian ZWNJ (it attaches nothing) stays.
    #expect(Cell("ی\u{200C}").text == "ی\u{200C}")
  }

  @Test("a right-to-left override in a translation is removed, not applied")
  func overrideRemoved() {
    var frame = Frame(width: 20, height: 1)
    frame.put("abc\u{202E}def", x: 0, y: 0)
    let output = RecordingOutput()
    var differ = FrameDiffer()
    differ.render(frame, to: output)
    let written = output.runs.map(\.text).joined()
    #expect(!written.unicodeScalars.contains(where: { TerminalSafeText.isBidiControl($0) }))
    #expect(frame.lines()[0] == "abcdef")
    // With a right-to-left letter in the line the reorderer runs; the override must not act.
    var mixed = Frame(width: 20, height: 1)
    mixed.put("ok \u{202E}abc ب", x: 0, y: 0)
    #expect(mixed.lines()[0] == "ok abc ب")
    var isolate = Frame(width: 20, height: 1)
    isolate.put("nl\u{2067}ab\u{2069} \u{202D}xy", x: 0, y: 0)
    #expect(isolate.lines()[0] == "nlab xy")
  }
}
