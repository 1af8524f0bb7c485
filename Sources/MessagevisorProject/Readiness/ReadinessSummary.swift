/// The counts of a readiness report (upstream's summary field names).
public struct ReadinessSummary: Sendable, Equatable {
  /// Rows whose locale has its own translation.
  public var direct = 0
  /// Rows whose text is inherited from another locale.
  public var inherited = 0
  /// Rows without text.
  public var missing = 0
  /// Rows reviewed and current.
  public var reviewed = 0
  /// Rows with their own translation (not the source locale's) that is not reviewed and current.
  public var unreviewed = 0
  /// Rows reviewed before their source text changed.
  public var stale = 0
  /// Messages and overrides with translations but none in the source locale.
  public var missingSource = 0
  /// Every row.
  public var total = 0

  /// Creates a summary with every count zero.
  public init() {}

  /// The counts of `entries`; `missingSource` counts each message or override once.
  public init(_ entries: [ReadinessEntry]) {
    var owners = Set<String>()
    for entry in entries {
      total += 1
      switch entry.resolution {
      case .direct: direct += 1
      case .inherited: inherited += 1
      case .missing: missing += 1
      }
      if entry.reviewed && !entry.isSourceLocale { reviewed += 1 }
      if entry.isUnreviewed { unreviewed += 1 }
      if entry.stale { stale += 1 }
      if entry.issues.contains("missing_source_translation") {
        owners.insert("\(entry.set ?? "")\u{1}\(entry.displayKey)")
      }
    }
    missingSource = owners.count
  }
}
