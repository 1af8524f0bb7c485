import TerminalUI
import Testing

@testable import Preview

@Suite("Diagnostics: expanding keeps the list; override rows differ")
struct DiagnosticsListTests {
  @Test func expandingKeepsTheRowsBelow() {
    var state = PreviewFixtures.state(width: 80, height: 24)
    for index in 0..<12 {
      state =
        state.after(.diagnostic(PreviewFixtures.diagnostic("code_\(index)", key: "k\(index)")))
        .0
    }
    state = state.after(.key(.character("d")), .key(.enter)).0
    #expect(state.diagnostics.expanded)
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

@Suite("An expanded diagnostic wraps its details")
struct DiagnosticDetailWrapTests {
  @Test(arguments: [(80, 24), (100, 30)])
  func theWholeOriginalErrorShows(width: Int, height: Int) {
    let error =
      "ICUParseError: expected '}' after the argument name at line 1, column 42 of the message "
      + "release_date in locales/ja-JP.yml; the text before it was kept and the rest ignored"
    let entry = DiagnosticEntry(
      id: 0, level: .error, code: "invalid_message", message: "Unable to format message",
      details: [("locale", "ja-JP"), ("messageKey", "release_date")], module: "icu",
      originalError: error)
    let state = PreviewFixtures.state(width: width, height: height).after(
      .diagnostic(entry), .key(.character("d")), .key(.enter)
    ).0
    let text = PreviewView.render(state).lines().joined(separator: " ")
    let words = text.split(whereSeparator: { $0 == " " || $0 == "│" }).joined(separator: " ")
    #expect(words.contains("original error: " + error), "\(text)")
  }
}
