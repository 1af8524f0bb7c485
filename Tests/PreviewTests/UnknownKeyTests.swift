import TerminalUI
import Testing

@testable import Preview

@Suite("An unbound key says so")
struct UnknownKeyTests {
  @Test func unknownAndUnavailableKeysExplainThemselves() {
    let state = PreviewFixtures.state()
    let (unknown, effects) = state.after(.key(.character("z")))
    #expect(effects.isEmpty)
    #expect(unknown.notice == "unknown key z — press ? for help")
    // r without OTA is a known key that is disabled here.
    var offline = state
    offline.otaEnabled = false
    #expect(offline.after(.key(.character("r"))).0.notice?.contains("not available here") == true)
    // The hint goes away with the next key that does something.
    #expect(unknown.after(.key(.character("i"))).0.notice == nil)
    #expect(PreviewView.render(unknown).plainText.contains("press ? for help"))
  }
}
