import TerminalUI
import Testing

@testable import Preview
@testable import PreviewCLI

@Suite("ASCII mode draws no box-drawing glyphs")
struct ASCIIModeTests {
  @Test func asciiFramesUseOnlyASCIIChrome() throws {
    var state = PreviewFixtures.state(width: 120, height: 30)
    state.ascii = true
    let text = PreviewView.render(state).plainText
    for glyph in ["─", "│", "┌", "╭", "▶", "·"] {
      #expect(!text.contains(glyph), "\(glyph) in \(text)")
    }
    #expect(text.contains("+--"))
    #expect(try PreviewOptions.parse(["--ascii"]).ascii)
    state.ascii = false
    #expect(PreviewView.render(state).plainText.contains("─"))
  }
}
