/// Diagnostic levels in the previewer's own order (most severe first), independent of the engine enum.
public enum DiagnosticLevel: String, Sendable, Equatable, CaseIterable, Comparable {
  /// Fatal.
  case fatal
  /// Error.
  case error
  /// Warning.
  case warn
  /// Information.
  case info
  /// Debug.
  case debug

  /// Severity rank: 0 for fatal, 4 for debug.
  public var rank: Int { DiagnosticLevel.allCases.firstIndex(of: self) ?? 4 }

  /// Orders by severity, most severe first.
  public static func < (lhs: DiagnosticLevel, rhs: DiagnosticLevel) -> Bool { lhs.rank < rhs.rank }

  /// The upper-case tag shown in the panel (`ERROR`, `WARN`…).
  public var tag: String { rawValue.uppercased() }
}
