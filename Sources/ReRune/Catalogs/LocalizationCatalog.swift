/// The strings of one catalog file, by locale and key.
public struct LocalizationCatalog: Sendable, Equatable {
  /// The catalog's `sourceLanguage` (String Catalogs), if any.
  public var sourceLanguage: String?
  /// Locale tag → key → entry.
  public var locales: [String: [String: CatalogEntry]]
  /// Every key the catalog declares (also keys without any usable localization), sorted.
  public var keys: [String]
  /// Entries that were skipped (untranslatable, or invalid with ``XCStringsReader/InvalidEntryPolicy/skip``).
  public var diagnostics: [CatalogDiagnostic]

  /// Creates a catalog.
  public init(
    sourceLanguage: String? = nil, locales: [String: [String: CatalogEntry]], keys: [String]? = nil,
    diagnostics: [CatalogDiagnostic] = []
  ) {
    self.sourceLanguage = sourceLanguage
    self.locales = locales
    self.keys = keys ?? Array(Set(locales.values.flatMap(\.keys))).sorted()
    self.diagnostics = diagnostics
  }

  /// The entries to apply for a manifest locale key: an exact match, then a normalized match
  /// (`_` ↔ `-`, case-insensitive), then the only localization if the catalog has exactly one.
  public func entries(forLocale locale: String) -> [String: CatalogEntry]? {
    if let exact = locales[locale] { return exact }
    let wanted = Self.normalize(locale)
    if let match = locales.first(where: { Self.normalize($0.key) == wanted }) { return match.value }
    if locales.count == 1 { return locales.first?.value }
    return nil
  }

  /// `tag` lowercased with `_` as `-` (how locale tags are compared).
  public static func normalize(_ tag: String) -> String {
    tag.replacingOccurrences(of: "_", with: "-").lowercased()
  }
}
