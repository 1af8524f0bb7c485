import Foundation
import TerminalUI
import Testing

@testable import Preview
@testable import PreviewCLI

@Suite("Export as JSON and hide DEBUG")
struct ExportAndFilterTests {
  @Test func exportHasDiagnosticsAndEvents() throws {
    var state = PreviewFixtures.state()
    state =
      state.after(
        .diagnostic(PreviewFixtures.diagnostic("missing_translation")),
        .checkFinished(CheckOutcome(status: .noChange, finishedAt: Date(), manual: true))
      ).0
    let object = try #require(
      try JSONSerialization.jsonObject(with: PreviewExport.json(state)) as? [String: Any])
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.first?["code"] as? String == "missing_translation")
    #expect((diagnostics.first?["details"] as? [String: String])?["messageKey"] == "story_caption")
    let events = try #require(object["events"] as? [[String: Any]])
    #expect((events.first?["line"] as? String)?.contains("OTA check (manual)") == true)
    // X asks the loop to export; --export names the file.
    #expect(state.after(.key(.character("X"))).1 == [.export])
    #expect(try PreviewOptions.parse(["--export", "out.json"]).export == "out.json")
    let path = NSTemporaryDirectory() + "preview-export-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(PreviewExport.write(state, to: path).hasPrefix("exported 1 diagnostics and 1 events"))
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func hHidesDebugRows() {
    var state = PreviewFixtures.state()
    state =
      state.after(
        .diagnostic(PreviewFixtures.diagnostic("message_override_matched", level: .debug)),
        .diagnostic(PreviewFixtures.diagnostic("missing_translation"))
      ).0
    state = state.after(.key(.character("d"))).0
    #expect(state.diagnostics.visible.count == 2)
    state = state.after(.key(.character("h"))).0
    #expect(state.diagnostics.visible.map(\.code) == ["missing_translation"])
    #expect(!PreviewView.render(state).plainText.contains("message_override_matched"))
  }
}

@Suite("The events log shows long lines whole")
struct EventsWrapTests {
  @Test func aLongOTAErrorIsWrappedNotCut() {
    var state = PreviewFixtures.state(width: 80, height: 24)
    let message =
      "the manifest could not be fetched from http://127.0.0.1:9/api/sdk/translations/manifest because the connection was refused; the previous translations stay in use (endofmessage)"
    state =
      state.after(
        .checkFinished(
          CheckOutcome(status: .failed, message: message, finishedAt: Date(), manual: true)),
        .key(.character("v"))
      ).0
    let text = PreviewView.render(state).plainText
    #expect(text.contains("(endofmessage)"), "\(text)")
  }
}
