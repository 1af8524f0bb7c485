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
    var result: [ReadinessFailure] = []
    let missing = entries.filter { $0.resolution == .missing }
    if missing.count > maxMissing {
      result.append(
        ReadinessFailure(
          code: "missing_translations", limit: maxMissing, entries: missing,
          message:
            "\(missing.count) translation\(missing.count == 1 ? " is" : "s are") missing (at most \(maxMissing) allowed; --maxMissing)"
        ))
    }
    let stale = entries.filter(\.stale)
    if stale.count > maxStale {
      result.append(
        ReadinessFailure(
          code: "stale_translations", limit: maxStale, entries: stale,
          message:
            "\(stale.count) reviewed translation\(stale.count == 1 ? " is" : "s are") stale: the source text changed since (at most \(maxStale) allowed; --maxStale)"
        ))
    }
    if requireReviewed {
      let unreviewed = entries.filter(\.isUnreviewed)
      if !unreviewed.isEmpty {
        result.append(
          ReadinessFailure(
            code: "unreviewed_translations", limit: 0, entries: unreviewed,
            message:
              "\(unreviewed.count) translation\(unreviewed.count == 1 ? " is" : "s are") not reviewed (--requireReviewed)"
          ))
      }
    }
    if requireDirect {
      let inherited = entries.filter { $0.resolution == .inherited }
      if !inherited.isEmpty {
        result.append(
          ReadinessFailure(
            code: "inherited_translations", limit: 0, entries: inherited,
            message:
              "\(inherited.count) translation\(inherited.count == 1 ? " is" : "s are") inherited from another locale (--requireDirect)"
          ))
      }
    }
    return result
  }
}
