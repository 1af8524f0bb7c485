import TerminalUI
import Testing

@testable import Preview

@Suite("Diagnostics: expanding keeps the list; override rows differ (issue 15, defect 5)")
struct DiagnosticsListTests {
  @Test func expandingKeepsTheRowsBelow() {
    var state = PreviewFixtures.state(width: 80, height: 24)
    for index in 0..<12 {
      state =
        state.after(.diagnostic(PreviewFixtures.diagnostic("code_\(index)", key: "k\(index)")))
        .0
    }
    state = state.after(.key(.character("d")), .key(.enter)).0
    #expect(state.diagnosticsExpanded)
    let text = PreviewView.render(state).plainText
    // Newest first: code_11 is selected and expanded; the rows after its details still show.
    #expect(text.contains("messageKey: k11"))
    for index in 0..<11 { #expect(text.contains("code_\(index) "), "code_\(index) missing") }
  }

  @Test func overrideKeyIsInTheRow() {
    let pro = DiagnosticEntry(
      id: 0, level: .debug, code: "message_override_matched", message: "Override matched",
      details: [("locale", "en-US"), ("messageKey", "welcome_title"), ("overrideKey", "pro")])
    var enterprise = pro
    enterprise.details[2].value = "enterprise"
    #expect(pro.subject != enterprise.subject)
    #expect(pro.subject.contains("pro"))
  }
}
