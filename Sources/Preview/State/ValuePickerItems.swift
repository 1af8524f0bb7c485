import Foundation

/// The rows of the currency and time zone pickers.
public enum ValuePickerItems {
  /// Currencies: the suggested ones first (the project's and the `c` cycle's, in that order),
  /// then Foundation's common ISO 4217 codes by code; names in `locale` (the previewed one).
  public static func currencies(suggested: [String], locale: String) -> [PickerItem] {
    let names = Locale(identifier: locale)
    let english = Locale(identifier: "en")
    var seen: Set<String> = []
    var result: [PickerItem] = []
    func add(_ code: String, suggested: Bool) {
      let code = code.uppercased()
      guard seen.insert(code).inserted else { return }
      let name =
        names.localizedString(forCurrencyCode: code)
        ?? english.localizedString(forCurrencyCode: code) ?? ""
      result.append(
        PickerItem(
          value: code, label: code, detail: name,
          isSuggested: suggested))
    }
    for code in suggested { add(code, suggested: true) }
    for code in Locale.commonISOCurrencyCodes.sorted() { add(code, suggested: false) }
    return result
  }

  /// Every zone Foundation knows, equivalent zones (``TimeZoneEquivalence``) collapsed into one
  /// row named after the current, a suggested or a `Region/City` identifier, sorted by the
  /// offset at `date` and then by name; each row shows that offset.
  public static func timeZones(suggested: [String], current: String?, at date: Date)
    -> [PickerItem]
  {
    var groups = equivalenceGroups()
    let preferred = (current.map { [$0] } ?? []) + suggested
    var result: [(offset: Int, item: PickerItem)] = []
    var covered: Set<String> = []
    // A preferred zone Foundation does not list (`UTC` on Linux) joins its equivalents' row, or
    // gets a row of its own.
    for name in preferred where !groups.contains(where: { $0.names.contains(name) }) {
      guard let signature = TimeZoneEquivalence.signature(of: name) else { continue }
      if let index = groups.firstIndex(where: { $0.signature == signature }) {
        groups[index].names.append(name)
      } else {
        groups.append((signature, [name]))
      }
    }
    for (_, group) in groups {
      let name = preferred.first(where: group.contains) ?? representative(of: group)
      guard covered.insert(name).inserted, let zone = TimeZone(identifier: name) else { continue }
      let offset = zone.secondsFromGMT(for: date)
      result.append(
        (
          offset,
          PickerItem(
            value: name, label: offsetLabel(offset), detail: name,
            aliases: group.filter { $0 != name }.sorted(),
            isSuggested: preferred.contains(where: group.contains))
        ))
    }
    return result.sorted {
      ($0.offset, $0.item.value) < ($1.offset, $1.item.value)
    }.map(\.item)
  }

  /// `UTC+05:30`, `UTC-03:00`, `UTC+00:00`.
  public static func offsetLabel(_ seconds: Int) -> String {
    let sign = seconds < 0 ? "-" : "+"
    let minutes = abs(seconds) / 60
    let hours = String(minutes / 60)
    let rest = String(minutes % 60)
    return "UTC" + sign + String(repeating: "0", count: 2 - hours.count) + hours + ":"
      + String(repeating: "0", count: 2 - rest.count) + rest
  }

  /// Foundation's zones grouped by equivalence (computed once per process).
  static func equivalenceGroups() -> [(signature: [Int], names: [String])] { cachedGroups }

  private static let cachedGroups: [(signature: [Int], names: [String])] = {
    var order: [[Int]] = []
    var groups: [[Int]: [String]] = [:]
    for identifier in TimeZone.knownTimeZoneIdentifiers {
      guard let signature = TimeZoneEquivalence.signature(of: identifier) else { continue }
      if groups[signature] == nil { order.append(signature) }
      groups[signature, default: []].append(identifier)
    }
    return order.map { ($0, groups[$0] ?? []) }
  }()

  /// The name a group's row shows when nothing is preferred: `UTC` for the UTC group, else the
  /// first `Region/City` identifier (region one of the IANA continents and oceans) by name.
  static func representative(of group: [String]) -> String {
    if group.contains("UTC") { return "UTC" }
    let regions: Set<Substring> = [
      "Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe",
      "Indian", "Pacific",
    ]
    let regional = group.filter { name in
      name.split(separator: "/").first.map(regions.contains) ?? false
    }
    return (regional.isEmpty ? group : regional).sorted().first ?? group[0]
  }
}
