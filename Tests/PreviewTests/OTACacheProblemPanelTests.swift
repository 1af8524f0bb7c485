import Foundation
import TerminalUI
import Testing

@testable import Preview

/// A check whose content could not be stored in the OTA cache says so in the OTA panel.
@Suite("The OTA panel reports cache problems")
struct OTACacheProblemPanelTests {
  @Test func theOTAPanelSaysWhenTheCacheWasNotWritten() {
    var outcome = CheckOutcome(
      status: .updated, updatedLocales: ["de"], finishedAt: Date(timeIntervalSince1970: 0),
      manual: true)
    outcome.cacheProblems = [
      "cache: cannot store locale 'de': cannot write /tmp/c/payloads: Not a directory",
      "cache: cannot store the manifest: cannot write /tmp/c: Not a directory",
    ]
    let state = PreviewFixtures.state(width: 200, height: 60).after(.checkFinished(outcome)).0
    let text = WrapNotCutTests.words(PreviewView.render(state).plainText)
    #expect(text.contains("cache not written: cache: cannot store locale 'de'"), "\(text)")
    #expect(text.contains("(+1 more)"), "\(text)")
    // A check whose cache took everything shows no such note.
    outcome.cacheProblems = []
    let clean = PreviewFixtures.state(width: 200, height: 60).after(.checkFinished(outcome)).0
    #expect(!PreviewView.render(clean).plainText.contains("cache not written"))
  }
}
