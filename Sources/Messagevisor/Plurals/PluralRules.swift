import Foundation
import MessagevisorLocking

/// CLDR plural rules (generated from the CLDR data by `scripts/generate-plural-rules.py`).
///
/// Locale resolution: the exact locale, then its CLDR parent locale (`en-GB` → `en-001`), then
/// subtag truncation (`zh-Hant-TW` → `zh-Hant` → `zh`), then the root rules (always `other`).
/// Parents that point at the root (script variants such as `sr-Latn`) are skipped in favour of
/// truncation, as plural rules are language-level data.
@_spi(MessagevisorModules) public enum PluralRules {
  /// The plural category ("zero", "one", "two", "few", "many" or "other") for `operands` in `locale`.
  ///
  /// - Parameters:
  ///   - operands: The operands of the formatted number.
  ///   - locale: A BCP 47 or ICU locale identifier; falls back through CLDR parent locales and
  ///     subtag truncation to the root rules (`other`).
  ///   - ordinal: `true` for ordinal rules (`selectordinal`), `false` for cardinal rules.
  public static func category(for operands: PluralOperands, locale: String, ordinal: Bool)
    -> String
  {
    ruleSet(for: locale, ordinal: ordinal).category(for: operands).name
  }

  /// The resolved rule set for `locale`; resolve once and reuse it for the fastest selection.
  public static func ruleSet(for locale: String, ordinal: Bool) -> PluralRuleSet {
    if let index = (ordinal ? ordinalRuleIndex : cardinalRuleIndex)[locale] {
      return PluralRuleSet(index: index, ordinal: ordinal)
    }
    let key = ResolutionKey(locale: locale, ordinal: ordinal)
    if let cached = resolutionCache.withLock({ $0[key] }) { return cached }
    let resolved = PluralRuleSet(index: resolveIndex(locale, ordinal: ordinal), ordinal: ordinal)
    resolutionCache.withLock { cache in
      if cache.count >= 1024 { cache.removeAll(keepingCapacity: true) }
      cache[key] = resolved
    }
    return resolved
  }

  /// The locale identifiers that have their own rules of the given kind.
  public static func locales(ordinal: Bool) -> [String] {
    (ordinal ? ordinalRuleIndex : cardinalRuleIndex).keys.sorted()
  }

  private struct ResolutionKey: Hashable {
    var locale: String
    var ordinal: Bool
  }

  private static let resolutionCache = Locked<[ResolutionKey: PluralRuleSet]>([:])

  /// Walks exact → parent → truncation; `-1` means the root rules.
  static func resolveIndex(_ locale: String, ordinal: Bool) -> Int {
    let table = ordinal ? ordinalRuleIndex : cardinalRuleIndex
    var candidate = normalize(locale)
    var steps = 0
    while !candidate.isEmpty && candidate != "root" && candidate != "und" && steps < 16 {
      steps += 1
      if let index = table[candidate] { return index }
      if let parent = parentLocales[candidate] {
        candidate = parent
        continue
      }
      guard let dash = candidate.lastIndex(of: "-") else { break }
      candidate = String(candidate[..<dash])
    }
    return -1
  }

  /// Turns `pt_PT@numbers=latn`, `en-US-u-nu-arab` or `EN-us` into canonical-case `pt-PT` / `en-US`.
  static func normalize(_ locale: String) -> String {
    var text = Substring(locale)
    if let at = text.firstIndex(of: "@") { text = text[..<at] }
    var parts: [String] = []
    for (position, raw) in text.split(whereSeparator: { $0 == "-" || $0 == "_" }).enumerated() {
      if raw.count == 1 { break }  // extension singleton (-u-, -x-, …)
      if position == 0 {
        parts.append(raw.lowercased())
      } else if raw.count == 4 && raw.allSatisfy(\.isLetter) {
        parts.append(raw.prefix(1).uppercased() + raw.dropFirst().lowercased())
      } else if raw.count == 2 && raw.allSatisfy(\.isLetter) {
        parts.append(raw.uppercased())
      } else {
        parts.append(String(raw))
      }
    }
    return parts.joined(separator: "-")
  }
}

/// A resolved plural rule set (cardinal or ordinal rules of one locale).
@_spi(MessagevisorModules) public struct PluralRuleSet: Sendable, Hashable {
  let index: Int
  let ordinal: Bool

  /// The category of `operands` under this rule set.
  @inline(__always)
  public func category(for operands: PluralOperands) -> PluralCategory {
    if index < 0 { return .other }
    return ordinal
      ? PluralRules.ordinalCategory(index, operands)
      : PluralRules.cardinalCategory(index, operands)
  }
}
