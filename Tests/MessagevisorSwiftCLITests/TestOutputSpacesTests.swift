import Foundation
import TestSupport
import Testing

@testable import MessagevisorProject
@testable import MessagevisorSwiftCLI

/// A failing test spec whose expected and actual text differ only in invisible or space-like
/// characters: both are shown with those characters spelt out, in text and in JSON.
@Suite struct TestOutputSpacesTests {
  /// A project whose `ends` message has U+202F before `PM`, and a spec that expects U+0020.
  static func project() -> TempProject {
    let project = TempProject()
    project.write("locales/en.yml", "description: English\n")
    project.write("messages/ends.yml", "translations:\n  en: \"Ends at 12:00\\u202FPM\"\n")
    project.write("targets/swift.yml", "includeMessages: '*'\n")
    project.write(
      "tests/ends.spec.yml",
      """
      message: ends
      assertions:
        - description: the end time
          locale: en
          expectedTranslation: "Ends at 12:00 PM"

      """)
    return project
  }

  @Test func textOutputSpellsOutTheNarrowNoBreakSpaceAndSuggestsNormalizeSpaces() {
    let project = Self.project()
    let output = CLIOutput(capture: true)
    let status = MessagevisorCLI.run(
      ["test", "--projectDirectoryPath=\(project.path)"], output: output)
    #expect(status == 1)
    let text = output.standardOutput
    #expect(text.contains(#"expected: "Ends at 12:00 PM""#), "\(text)")
    #expect(text.contains(#"actual:   "Ends at 12:00\u{202F}PM""#), "\(text)")
    #expect(!text.contains("\u{202F}"), "\(text)")
    #expect(text.contains("--normalizeSpaces"), "\(text)")
  }

  @Test func jsonOutputEscapesTheNarrowNoBreakSpaceWithoutChangingTheValue() throws {
    let project = Self.project()
    let output = CLIOutput(capture: true)
    let status = MessagevisorCLI.run(
      ["test", "--projectDirectoryPath=\(project.path)", "--json"], output: output)
    #expect(status == 1)
    let text = output.standardOutput
    #expect(text.contains(#"Ends at 12:00\u202FPM"#), "\(text)")
    #expect(!text.contains("\u{202F}"), "\(text)")
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    let specs = try #require(object?["specs"] as? [[String: Any]])
    let assertion = try #require((specs.first?["assertions"] as? [[String: Any]])?.first)
    #expect(assertion["actual"] as? String == "Ends at 12:00\u{202F}PM")
    #expect(assertion["expected"] as? String == "Ends at 12:00 PM")
  }

  @Test func normalizeSpacesMakesTheSpecPass() {
    let project = Self.project()
    let output = CLIOutput(capture: true)
    let status = MessagevisorCLI.run(
      ["test", "--projectDirectoryPath=\(project.path)", "--normalizeSpaces"], output: output)
    #expect(status == 0, "\(output.standardOutput)\(output.standardError)")
  }

  @Test func textsThatDifferInLettersGetNoSpaceAdvice() {
    let project = Self.project()
    project.write("messages/ends.yml", "translations:\n  en: \"Ends at 1:00 PM\"\n")
    let output = CLIOutput(capture: true)
    #expect(
      MessagevisorCLI.run(["test", "--projectDirectoryPath=\(project.path)"], output: output) == 1)
    #expect(!output.standardOutput.contains("--normalizeSpaces"), "\(output.standardOutput)")
  }
}
