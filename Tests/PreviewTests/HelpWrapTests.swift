import TerminalUI
import Testing

@testable import Preview

@Suite("Help wraps descriptions instead of cutting them")
struct HelpWrapTests {
  @Test(arguments: [80, 110])
  func everyDescriptionIsWholeSomewhere(width: Int) {
    var state = PreviewFixtures.state(width: width, height: 24).after(.key(.character("?"))).0
    var seen = ""
    for _ in 0..<200 {
      let lines = PreviewView.render(state).lines()
      for line in lines.dropFirst(2).dropLast(3) {
        #expect(!line.contains("…"), "cut: \(line)")
        seen += " " + line.replacingOccurrences(of: "│", with: " ")
      }
      let before = state.help.scroll
      state = state.after(.key(.character("j"))).0
      if state.help.scroll == before { break }
    }
    let words = seen.split(separator: " ").joined(separator: " ")
    for binding in KeyTable.bindings {
      #expect(words.contains(binding.description), "not whole: \(binding.description)")
    }
  }
}
