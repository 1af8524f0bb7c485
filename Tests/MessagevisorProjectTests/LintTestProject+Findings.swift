import TestSupport

@testable import MessagevisorProject

extension LintTestProject {
  /// Lints `project` and returns the findings with `code`.
  static func findings(
    _ project: TempProject, _ code: String, options: LintOptions = LintOptions()
  ) -> [LintFinding] {
    ProjectLinter(options: options).lint(path: project.path).findings.filter { $0.code == code }
  }
}
