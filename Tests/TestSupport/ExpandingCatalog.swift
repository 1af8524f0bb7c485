/// String Catalogs whose entries are small but expand to a lot of ICU text: each entry's value
/// references substitution `s0` several times, and every substitution's `other` form references the
/// next one `fanOut` times (the shape of `.stringsdict`-style nested plurals, at the nesting limit).
public enum ExpandingCatalog {
  /// One localization that expands to roughly `references × fanOut^(levels-1) × 25` bytes of ICU
  /// text (`levels` substitutions deep, at most 4 as the reader allows).
  public static func localization(references: Int = 5, levels: Int = 4, fanOut: Int = 12)
    -> XcodeJSON
  {
    var substitutions: [String: XcodeJSON] = [:]
    for level in 0..<levels {
      let form =
        level + 1 < levels ? String(repeating: "%#@s\(level + 1)@", count: fanOut) : "x"
      substitutions["s\(level)"] = XcodeCatalogWriter.substitution(
        argNum: nil, forms: ["other": form])
    }
    return XcodeCatalogWriter.substituted(
      String(repeating: "%#@s0@", count: references), substitutions: substitutions)
  }

  /// A catalog of `count` expanding entries (`k0`, `k1`, …) for each of `locales`.
  public static func catalog(
    count: Int, locales: [String] = ["de"], references: Int = 5, levels: Int = 4, fanOut: Int = 12
  ) -> String {
    let localization = localization(references: references, levels: levels, fanOut: fanOut)
    var strings: [String: XcodeJSON] = [:]
    for index in 0..<count {
      strings["k\(index)"] = XcodeCatalogWriter.entry(
        localizations: Dictionary(uniqueKeysWithValues: locales.map { ($0, localization) }))
    }
    return XcodeCatalogWriter.catalog(strings: strings)
  }
}
