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

/// The message lists a build and a lint walk are made at their final size (20,000 messages of
/// a few hundred bytes each: a list grown one by one keeps up to twice the room).
@Suite struct MessageListSizeTests {
  static func project(messages count: Int) throws -> Project {
    let project = TempProject.minimal()
    for index in 0..<count {
      project.write("messages/m\(index).yml", "translations:\n  en: Text \(index)\n")
    }
    return try ProjectLoader().load(path: project.path)
  }

  @Test func aBuildsOrderedMessagesHaveNoSpareRoom() throws {
    let project = try Self.project(messages: 70)
    let keys = project.messages.keys.sorted()
    let messages = DatafileBuilder(
      project: project, evaluatePredicate: EngineBridge.evaluatePredicate
    )
    .messages(in: keys)
    #expect(messages.count == keys.count)
    #expect(messages.capacity < keys.count + 4, "capacity \(messages.capacity)")
  }

  @Test func lintListsUnarchivedMessagesInKeyOrderFromTheProjectsOwnTable() throws {
    var project = try Self.project(messages: 70)
    project.messages["m7"]?.archived = true
    let run = LintRun(project: project, options: LintOptions())
    let expected = project.messages.keys.sorted().filter { $0 != "m7" }
    #expect(run.messages.map(\.key) == expected)
    #expect(run.messages[1].translations == project.messages[expected[1]]?.translations)
    // Positions in the project's own dictionary, not a list of copies of its messages.
    #expect(run.messages.order.count == expected.count)
  }

}
