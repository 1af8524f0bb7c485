/// The result of `lint`: every finding, sorted by file, position and code.
public struct LintReport: Sendable, Equatable {
  /// The findings at or above the threshold, sorted.
  public var findings: [LintFinding]

  /// Whether the run stopped before it finished (``LintOptions/isCancelled``): then
  /// ``findings`` is empty and says nothing about the project.
  public var isCancelled = false

  /// Creates a report.
  public init(findings: [LintFinding]) {
    self.findings = findings
  }

  /// The report of a run that was cancelled before it finished: no findings, and
  /// ``isCancelled`` set.
  public static var cancelled: LintReport {
    var report = LintReport(findings: [])
    report.isCancelled = true
    return report
  }

  /// Whether any finding is an error (`lint` exits 1).
  public var hasErrors: Bool { findings.contains { $0.level == .error } }

  /// How many findings have each level.
  public func count(_ level: LintLevel) -> Int { findings.filter { $0.level == level }.count }
}
