import Messagevisor
import TerminalUI
import Testing

@testable import Preview

@Suite("The status bar keeps OTA and whole words; custom context keys show")
struct StatusAndContextTests {
  @Test func statusBarKeepsTheOTAStatusAndCutsNoValue() {
    var state = PreviewFixtures.state(width: 60, height: 24)
    state.content?.context["seats"] = 3
    state.content?.context["organisation"] = "Analytical Engines Limited"
    let bar = PreviewView.render(state).lines()[22]
    #expect(bar.hasSuffix("OTA not checked yet"), "\(bar)")
    #expect(bar.contains("more"), "\(bar)")
    // Every value shown is whole.
    for value in ["free", "terminal", "3", "Analytical Engines Limited"]
    where bar.contains(
      String(value.prefix(3)))
    {
      #expect(bar.contains(value), "\(value) cut in \(bar)")
    }
  }

  @Test func contextPanelShowsUndeclaredKeys() {
    var state = PreviewFixtures.state(width: 200, height: 60)
    state.content?.context["seats"] = 3
    let text = PreviewView.render(state).plainText
    #expect(text.contains("seats=3"), "\(text)")
    #expect(text.contains("money"))
  }
}
