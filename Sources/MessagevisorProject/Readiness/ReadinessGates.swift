/// What a release needs (upstream's `readiness` gates): by default no missing and no stale
/// translation; optionally every translation reviewed and every locale's text its own.
public struct ReadinessGates: Sendable, Equatable {
  /// `--requireReviewed`: every translation (except the source locale's) reviewed and current.
  public var requireReviewed = false
  /// `--requireDirect`: no text inherited from another locale.
  public var requireDirect = false
  /// `--maxMissing`: the most rows without text that still pass (default 0).
  public var maxMissing = 0
  /// `--maxStale`: the most stale reviews that still pass (default 0).
  public var maxStale = 0

  /// Creates the default gates.
  public init() {}

  /// The gates `entries` fail, in a fixed order (missing, stale, unreviewed, inherited), each
  /// with the rows at fault.
  public func failures(_ entries: [ReadinessEntry]) -> [ReadinessFailure] {
    /// The failure of a gate that allows `limit` rows, when `rows` are more.
    func gate(_ code: String, _ rows: [ReadinessEntry], limit: Int, _ what: String, _ flag: String)
      -> ReadinessFailure?
    {
      guard rows.count > limit else { return nil }
      let verb = rows.count == 1 ? "translation is" : "translations are"
      let allowed = limit > 0 || flag.hasPrefix("--max") ? "at most \(limit) allowed; " : ""
      return ReadinessFailure(
        code: code, limit: limit, entries: rows,
        message: "\(rows.count) \(verb) \(what) (\(allowed)\(flag))")
    }
    return [
      gate(
        "missing_translations", entries.filter { $0.resolution == .missing }, limit: maxMissing,
        "missing", "--maxMissing"),
      gate(
        "stale_translations", entries.filter(\.stale), limit: maxStale,
        "stale: reviewed before the source text changed", "--maxStale"),
      requireReviewed
        ? gate(
          "unreviewed_translations", entries.filter(\.isUnreviewed), limit: 0, "not reviewed",
          "--requireReviewed") : nil,
      requireDirect
        ? gate(
          "inherited_translations", entries.filter { $0.resolution == .inherited }, limit: 0,
          "inherited from another locale", "--requireDirect") : nil,
    ].compactMap { $0 }
  }
}
