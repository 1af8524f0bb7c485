/// A readiness gate that failed: upstream's failure code, a sentence saying why, and the rows at
/// fault.
public struct ReadinessFailure: Sendable, Equatable {
  /// `missing_translations`, `stale_translations`, `unreviewed_translations` or
  /// `inherited_translations`.
  public var code: String
  /// The most rows the gate allows.
  public var limit: Int
  /// The rows at fault.
  public var entries: [ReadinessEntry]
  /// What failed and which flag sets the limit.
  public var message: String

  /// Creates a failure.
  public init(code: String, limit: Int, entries: [ReadinessEntry], message: String) {
    self.code = code
    self.limit = limit
    self.entries = entries
    self.message = message
  }
}
