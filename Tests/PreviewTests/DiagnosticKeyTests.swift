import Foundation
import Messagevisor
import MessagevisorICU
import TerminalUI
import Testing

@testable import Preview

@Suite("invalid_format rows name their message")
struct DiagnosticKeyTests {
  final class Collected: @unchecked Sendable {
    let lock = NSLock()
    var items: [MessagevisorDiagnostic] = []
    func add(_ diagnostic: MessagevisorDiagnostic) {
      lock.lock()
      items.append(diagnostic)
      lock.unlock()
    }
  }

  @Test func theRowShowsTheKeyAndLocale() throws {
    let collected = Collected()
    let engine = createMessagevisor(
      MessagevisorOptions(
        locale: "ja-JP", timeZone: "UTC",
        defaultTranslations: ["ja-JP": ["release_date": "{d, date}"]],
        onDiagnostic: { collected.add($0) }, logLevel: .debug, modules: [createICUModule()]))
    _ = try? engine.translate("release_date", values: ["d": "soon"])
    let diagnostic = try #require(collected.items.first { $0.code == "invalid_format" })
    let entry = PreviewSession.entry(diagnostic)
    #expect(entry.subject == "release_date (ja-JP)", "\(entry.subject)")
    var state = PreviewFixtures.state(width: 80, height: 24)
    state = state.after(.diagnostic(entry), .key(.character("d"))).0
    let text = PreviewView.render(state).plainText
    #expect(text.contains("invalid_format") && text.contains("release_date (ja-JP)"), "\(text)")
  }
}
