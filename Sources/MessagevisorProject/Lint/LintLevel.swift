/// How serious a lint finding is (`error` fails `lint`, exit 1).
public enum LintLevel: String, Sendable, CaseIterable, Comparable {
  /// Something to know; never fails a run.
  case info
  /// Likely wrong; reported, but never fails a run.
  case warning
  /// Wrong; `lint` exits 1.
  case error

  /// The rank used for thresholds (`info` < `warning` < `error`).
  var rank: Int {
    switch self {
    case .info: return 0
    case .warning: return 1
    case .error: return 2
    }
  }

  /// Orders levels by seriousness.
  public static func < (lhs: LintLevel, rhs: LintLevel) -> Bool { lhs.rank < rhs.rank }
}
