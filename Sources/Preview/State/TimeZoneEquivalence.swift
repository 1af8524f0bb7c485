import Foundation

/// Time zones that name the same rules (`Etc/UTC` and `UTC`, `Europe/Amsterdam` under another
/// alias): `t` skips a zone equivalent to the current one instead of "switching" to it.
public enum TimeZoneEquivalence {
  /// Whether two identifiers name zones with the same offsets over 2000–2040
  /// (sampled twice a month) and the same next daylight-saving transition. Unknown identifiers are equivalent
  /// only when they are equal.
  public static func equivalent(_ lhs: String, _ rhs: String) -> Bool {
    if lhs == rhs { return true }
    guard let a = TimeZone(identifier: lhs), let b = TimeZone(identifier: rhs) else { return false }
    if a.identifier == b.identifier { return true }
    let start = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01
    let step: TimeInterval = 15 * 86_400
    for index in 0..<(41 * 24) {
      let date = start.addingTimeInterval(Double(index) * step)
      guard a.secondsFromGMT(for: date) == b.secondsFromGMT(for: date) else { return false }
    }
    // Abbreviations are not compared: Foundation names Etc/UTC "GMT" and UTC "UTC".
    return a.nextDaylightSavingTimeTransition(after: start)
      == b.nextDaylightSavingTimeTransition(after: start)
  }

  /// What ``equivalent(_:_:)`` compares, as one value: the offsets over 2000–2040 (sampled
  /// twice a month) and the next daylight-saving transition after 2000. Zones with equal
  /// signatures are equivalent (the pickers collapse them into one row); `nil` for an unknown
  /// identifier.
  public static func signature(of identifier: String) -> [Int]? {
    guard let zone = TimeZone(identifier: identifier) else { return nil }
    let start = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01
    let step: TimeInterval = 15 * 86_400
    var result: [Int] = []
    result.reserveCapacity(41 * 24 + 1)
    for index in 0..<(41 * 24) {
      result.append(zone.secondsFromGMT(for: start.addingTimeInterval(Double(index) * step)))
    }
    let transition = zone.nextDaylightSavingTimeTransition(after: start)
    result.append(transition.map { Int($0.timeIntervalSince1970) } ?? Int.min)
    return result
  }

  /// The zone after `current` in `list` that is not equivalent to it, wrapping; the first zone
  /// not equivalent to `current` when `current` is absent from the list.
  public static func next(after current: String?, in list: [String]) -> String? {
    guard !list.isEmpty else { return nil }
    guard let current else { return list[0] }
    let start = list.firstIndex(of: current) ?? list.firstIndex { equivalent($0, current) } ?? -1
    for step in 1...list.count {
      let candidate = list[(start + step + list.count) % list.count]
      if !equivalent(candidate, current) { return candidate }
    }
    return nil
  }
}
