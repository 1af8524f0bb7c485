import Foundation
import TestSupport
import Testing

@testable import MessagevisorProject

/// `ProjectLinter.filtered`: findings sorted by place, a repeated finding reported once.
@Suite struct LintFilterTests {
  static func finding(
    _ file: String, _ line: Int, level: LintLevel = .warning, key: String = "greeting"
  ) -> LintFinding {
    LintFinding(
      level: level, filePath: file, entityType: "message", entityKey: key, message: "untranslated",
      path: "translations.nl", code: "untranslated", line: line, column: 3, locale: "nl")
  }

  @Test func repeatedFindingsKeepTheFirstFoundAndAllAreSortedByPlace() throws {
    let project = TempProject.minimal()
    let config = try ProjectConfig.load(directory: project.path)
    let findings = [
      Self.finding("messages/b.yml", 2),
      Self.finding("messages/a.yml", 5, level: .error, key: "first"),
      Self.finding("messages/a.yml", 1),
      Self.finding("messages/a.yml", 5, level: .info, key: "second"),
      Self.finding("messages/a.yml", 5, level: .warning, key: "third"),
    ]
    let result = ProjectLinter().filtered(findings, config: config)
    #expect(
      result.map { "\($0.filePath):\($0.line)" } == [
        "messages/a.yml:1", "messages/a.yml:5", "messages/b.yml:2",
      ])
    #expect(result[1].entityKey == "first")
    #expect(result[1].level == .error)
  }

  @Test func findingsBelowTheThresholdAreDroppedBeforeRepeatsAreFound() throws {
    let project = TempProject.minimal()
    let config = try ProjectConfig.load(directory: project.path)
    var options = LintOptions()
    options.threshold = .warning
    let findings = [
      Self.finding("messages/a.yml", 5, level: .info, key: "quiet"),
      Self.finding("messages/a.yml", 5, level: .warning, key: "loud"),
    ]
    let result = ProjectLinter(options: options).filtered(findings, config: config)
    #expect(result.map(\.entityKey) == ["loud"])
  }
}
