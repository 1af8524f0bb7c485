@_spi(MessagevisorModules) import Messagevisor

/// The CLDR plural facts the catalog readers need (from the engine's generated CLDR rules).
public enum CatalogPlurals {
  /// True when `locale`'s cardinal rules have a `zero` category (the number 0 falls in it: Arabic,
  /// Latvian, Welsh, Prussian, …). `_` and `-` are both accepted; unknown languages use the root
  /// rules, which have no `zero`.
  public static func hasZeroCategory(_ locale: String) -> Bool {
    let tag = locale.replacingOccurrences(of: "_", with: "-")
    return PluralRules.category(for: PluralOperands(integer: 0), locale: tag, ordinal: false)
      == "zero"
  }
}
