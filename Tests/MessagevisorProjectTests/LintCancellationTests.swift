import Foundation
import MessagevisorLocking
import TestSupport
import Testing

@testable import MessagevisorProject

/// Lint's cooperative cancellation (`LintOptions.isCancelled`): what the previewer uses so that
/// a newer run stops an older one in progress.
@Suite struct LintCancellationTests {
  typealias P = LintTestProject

  /// A project of `count` messages, each with a plural that lacks Russian categories and has one
  /// Japanese does not select (two `plural_categories` findings per message).
  static func project(messages count: Int) -> TempProject {
    let project = P.make()
    for index in 0..<count {
      P.message(
        project, "item\(index)",
        P.all("{count, plural, one {# item} other {# items}}"))
    }
    return project
  }

  @Test func aCancelledRunStopsEarlyAndReturnsNoFindingsInsteadOfPartialOnes() throws {
    let count = 400
    let temp = Self.project(messages: count)
    let project = try ProjectLoader().load(path: temp.path)
    let complete = ProjectLinter().lint(project: project)
    #expect(!complete.isCancelled)
    #expect(complete.findings.filter { $0.code == "plural_categories" }.count == 2 * count)

    // Asked once per message: the answer turns to "stop" after 20 questions.
    let questions = Locked(0)
    var options = LintOptions()
    options.isCancelled = {
      questions.withLock { asked in
        asked += 1
        return asked > 20
      }
    }
    let cancelled = ProjectLinter(options: options).lint(project: project)
    #expect(cancelled.isCancelled)
    #expect(cancelled.findings.isEmpty)
    #expect(cancelled == LintReport.cancelled)
    // Every slice stops at its next message: far fewer questions than messages.
    let asked = questions.withLock { $0 }
    #expect(asked < count / 2, "\(asked) questions for \(count) messages")

    // A run whose answer stays "go on" is the complete one.
    options.isCancelled = { false }
    #expect(ProjectLinter(options: options).lint(project: project) == complete)
  }

  @Test func aRunCancelledBeforeItBeganChecksNothingWhenLintingAPath() {
    let temp = Self.project(messages: 100)
    let checked = Locked(0)
    var options = LintOptions()
    options.isCancelled = {
      checked.withLock { $0 += 1 }
      return true
    }
    let report = ProjectLinter(options: options).lint(path: temp.path)
    #expect(report.isCancelled)
    #expect(report.findings.isEmpty)
    #expect(checked.withLock { $0 } < 100)
  }
}
