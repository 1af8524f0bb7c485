import Foundation
import Messagevisor
import TestSupport
import Testing

@testable import MessagevisorProject
@testable import MessagevisorSwiftCLI

/// `messagevisor-swift lint` end to end: formats, exit status, the demo project.
@Suite struct LintOutputTests {
  typealias P = LintTestProject

  static func broken() -> TempProject {
    let project = P.make()
    P.message(
      project, "bad", ["en": "{g, select, female {She}}", "nl": "Zij", "ru": "Она", "ja": "彼女"])
    P.message(project, "label", ["en": "Name:", "nl": "Naam", "ru": "Имя:", "ja": "名前："])
    return project
  }

  static func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
    let output = CLIOutput(capture: true)
    let status = MessagevisorCLI.run(arguments, output: output)
    return (status, output.standardOutput, output.standardError)
  }

  @Test func sarifOutputHasRulesResultsLevelsAndRegions() throws {
    let project = Self.broken()
    let result = Self.run(["lint", "--projectDirectoryPath", project.path, "--format", "sarif"])
    #expect(result.status == 1)
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.contains { $0["id"] as? String == "select_without_other" })
    #expect(
      rules.allSatisfy { (($0["help"] as? [String: Any])?["text"] as? String)?.isEmpty == false })
    let results = try #require(run["results"] as? [[String: Any]])
    let select = try #require(results.first { $0["ruleId"] as? String == "select_without_other" })
    #expect(select["level"] as? String == "error")
    #expect(((select["message"] as? [String: Any])?["text"] as? String)?.contains("other") == true)
    let location = try #require((select["locations"] as? [[String: Any]])?.first)
    let physical = try #require(location["physicalLocation"] as? [String: Any])
    #expect(
      (physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "messages/bad.yml")
    let region = try #require(physical["region"] as? [String: Any])
    #expect(region["startLine"] as? Int == 2)
    // Column 32: the select's closing brace, where `other` is missing (the scalar starts at 7).
    #expect(region["startColumn"] as? Int == 32)
    let whitespace = try #require(
      results.first { $0["ruleId"] as? String == "whitespace_mismatch" })
    #expect(whitespace["level"] as? String == "warning")
  }

  @Test func jsonOutputHasUpstreamFieldsPlusPositionAndLocale() throws {
    let project = Self.broken()
    let result = Self.run(["lint", "--projectDirectoryPath", project.path, "--format", "json"])
    let findings = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
    let select = try #require(findings.first { $0["code"] as? String == "select_without_other" })
    for field in ["level", "filePath", "entityType", "entityKey", "message", "path", "code"] {
      #expect(select[field] is String, "\(field)")
    }
    #expect(select["entityType"] as? String == "message")
    #expect(select["entityKey"] as? String == "bad")
    #expect(select["path"] as? String == "translations.en")
    #expect(select["line"] as? Int == 2)
    #expect(select["column"] as? Int == 32)
    #expect(select["locale"] as? String == "en")
  }

  @Test func textOutputIsGroupedByFileWithPositionsAndNoColourInAPipe() {
    let project = Self.broken()
    let result = Self.run(["lint", "--projectDirectoryPath", project.path])
    #expect(result.status == 1)
    #expect(!result.output.contains("\u{1B}"))
    let lines = result.output.split(separator: "\n").map(String.init)
    let header = lines.firstIndex(of: "messages/bad.yml")
    #expect(header != nil)
    #expect(
      lines.contains {
        $0.contains("2:32") && $0.contains("error") && $0.contains("select_without_other")
      })
    #expect(lines.contains("messages/label.yml"))
    #expect(result.output.contains("1 error"))
  }

  @Test func textOutputNeutralizesControlCharactersFromTheProject() {
    let project = P.make()
    P.message(project, "evil", P.all("Hi \u{1B}[31mred"))
    let report = ProjectLinter().lint(path: project.path)
    let text = report.text(color: false)
    #expect(report.findings.contains { $0.code == "invisible_characters" })
    #expect(!text.contains("\u{1B}"))
    let coloured = report.text(color: true)
    #expect(coloured.contains("\u{1B}[31m"))
  }

  @Test func exitStatusIsZeroWithoutErrorsOneWithErrorsTwoForUsage() {
    let project = P.make()
    P.message(project, "fine", ["en": "Hello", "nl": "Hallo", "ru": "Привет", "ja": "こんにちは"])
    #expect(Self.run(["lint", "--projectDirectoryPath", project.path]).status == 0)
    let broken = Self.broken()
    #expect(Self.run(["lint", "--projectDirectoryPath", broken.path]).status == 1)
    #expect(
      Self.run(["lint", "--projectDirectoryPath", project.path, "--format", "xml"]).status == 2)
    #expect(
      Self.run(["lint", "--projectDirectoryPath", project.path, "--only", "nope"]).status == 2)
    #expect(Self.run(["lint", "--help"]).output.contains("plural_categories"))
  }

  @Test func aProjectDirectoryThatDoesNotExistIsAUsageErrorNamingThePath() {
    let missing = P.make().path + "/no-such-project"
    let result = Self.run(["lint", "--projectDirectoryPath", missing])
    #expect(result.status == 2)
    #expect(result.error.contains(missing))
    #expect(result.output.isEmpty)
  }

  @Test func demoProjectHasNoFindingAtErrorOrWarning() {
    let demo = (FixturePaths.packageRoot as NSString).appendingPathComponent("Demo/project")
    let result = Self.run([
      "lint", "--projectDirectoryPath", demo, "--severity", "warning", "--format", "json",
    ])
    #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    #expect(result.status == 0)
  }
}
