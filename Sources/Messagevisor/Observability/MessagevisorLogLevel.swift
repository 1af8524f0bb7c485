/// Diagnostic severity, from most to least severe: fatal < error < warn < info < debug.
public enum MessagevisorLogLevel: String, Sendable, CaseIterable, Comparable, Codable {
  /// Unrecoverable.
  case fatal
  /// An operation failed or fell back.
  case error
  /// Something suspicious (deprecations, unsupported formatter options).
  case warn
  /// Lifecycle information.
  case info
  /// Verbose evaluation details (override matches).
  case debug

  /// 0 for fatal … 4 for debug. A threshold delivers every level whose rank is ≤ its own.
  public var rank: Int {
    switch self {
    case .fatal: return 0
    case .error: return 1
    case .warn: return 2
    case .info: return 3
    case .debug: return 4
    }
  }

  /// Orders by ``rank`` (fatal is the smallest).
  public static func < (lhs: MessagevisorLogLevel, rhs: MessagevisorLogLevel) -> Bool {
    lhs.rank < rhs.rank
  }

  /// Whether a diagnostic of `level` passes this threshold.
  public func allows(_ level: MessagevisorLogLevel) -> Bool { level.rank <= rank }
}
