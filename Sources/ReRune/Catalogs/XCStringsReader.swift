import Foundation

/// Reads Apple String Catalogs (`.xcstrings` JSON) with Xcode's semantics.
///
/// Supported: string units; `variations.plural` (every CLDR category; `zero` as Foundation uses it, see
/// ``ICUMessageBuilder``); `variations.device` (see ``deviceFallbackOrder``; variations nested inside a
/// device are followed); `substitutions` (`%#@name@`, `argNum`, `formatSpecifier`, `%arg`, several per
/// string, nested ones, a selector that the chosen text does not print); `shouldTranslate: false` (the
/// source language's localization is served for every locale); `stringUnit.state` with a
/// ``CatalogStatePolicy``. `comment` and `extractionState` are ignored. An empty string value is an
/// intentional translation and is kept.
///
/// Robustness: a catalog is rejected whole only when it is not a catalog (bad JSON, no `strings`
/// object, more than ``Options/maxEntries`` entries). Every other problem belongs to one entry of one
/// locale: with ``InvalidEntryPolicy/skip`` the entry is left out and a ``CatalogDiagnostic`` names its
/// key, locale and file:line; with ``InvalidEntryPolicy/reject`` the first one is thrown. Reading one
/// locale (``XCStringsDocument/entries(forLocale:options:)``) reads and validates only that locale's
/// localizations, so a broken Korean string never affects German.
public enum XCStringsReader {
  /// What to do with an entry whose format string or plural rule is invalid.
  public enum InvalidEntryPolicy: Sendable, Equatable {
    /// Throw a ``CatalogError`` for the first invalid entry (for `ota validate --strict`-style checks
    /// and tests that must see the first problem).
    case reject
    /// Skip the invalid localization and record a ``CatalogDiagnostic`` (OTA payloads and bundled
    /// catalogs: the other entries stay usable).
    case skip
  }

  /// The devices tried, in this order, when a device variation has neither the configured device nor
  /// `other` (then the first remaining device in alphabetical order is used).
  public static let deviceFallbackOrder = [
    "iphone", "ipad", "mac", "applevision", "applewatch", "appletv", "ipod",
  ]

  /// Reader options.
  public struct Options: Sendable, Equatable {
    /// Device variation to pick (`iphone`, `ipad`, `mac`, `applevision`, …); see
    /// ``XCStringsReader/deviceFallbackOrder`` when the catalog has neither it nor `other`.
    public var device: String
    /// How invalid entries are handled.
    public var invalidEntries: InvalidEntryPolicy
    /// Maximum nesting of `variations` objects followed before the entry is rejected.
    public var maxVariationDepth: Int
    /// Which `stringUnit.state` values are served.
    public var statePolicy: CatalogStatePolicy
    /// Most entries a catalog may have (more rejects the catalog as over the limits).
    public var maxEntries: Int
    /// Most ICU text the catalog's entries may convert to, in total (in proportion to its size);
    /// reading a locale past it fails with ``CatalogError/Kind/limit``.
    public var conversionBudget = CatalogConversionBudget()

    /// Creates options.
    public init(
      device: String = "other", invalidEntries: InvalidEntryPolicy = .reject,
      maxVariationDepth: Int = 4, statePolicy: CatalogStatePolicy = .xcode,
      maxEntries: Int = 200_000
    ) {
      self.device = device
      self.invalidEntries = invalidEntries
      self.maxVariationDepth = maxVariationDepth
      self.statePolicy = statePolicy
      self.maxEntries = maxEntries
    }
  }

  /// Reads the catalog at `url` (every locale).
  public static func read(contentsOf url: URL, options: Options = Options()) throws(CatalogError)
    -> LocalizationCatalog
  {
    let data = try CatalogError.contents(of: url)
    return try read(data, file: url.path, options: options)
  }

  /// Reads catalog JSON (every locale); `file` labels errors.
  public static func read(_ data: Data, file: String, options: Options = Options())
    throws(CatalogError)
    -> LocalizationCatalog
  {
    let document = try XCStringsDocument.parse(data, file: file, maxEntries: options.maxEntries)
    return try document.catalog(options: options)
  }
}
