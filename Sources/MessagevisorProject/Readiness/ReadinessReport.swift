/// A readiness report: the rows, their counts (overall and per locale), and the gates they fail.
public struct ReadinessReport: Sendable, Equatable {
  /// Every row, in set, message, override and locale order.
  public var entries: [ReadinessEntry]
  /// The counts of ``entries``.
  public var summary: ReadinessSummary
  /// The gates that failed (empty: ready to ship).
  public var failures: [ReadinessFailure]
  /// The gates applied.
  public var gates: ReadinessGates

  /// The report of `entries` under `gates`.
  public init(entries: [ReadinessEntry], gates: ReadinessGates = ReadinessGates()) {
    self.entries = entries
    self.summary = ReadinessSummary(entries)
    self.failures = gates.failures(entries)
    self.gates = gates
  }

  /// Whether every gate passed.
  public var passed: Bool { failures.isEmpty }

  /// The counts of each locale's rows, by locale in sorted order.
  public var localeSummaries: [(locale: String, summary: ReadinessSummary)] {
    Dictionary(grouping: entries, by: \.locale).map { ($0.key, ReadinessSummary($0.value)) }
      .sorted { $0.locale < $1.locale }
  }
}
