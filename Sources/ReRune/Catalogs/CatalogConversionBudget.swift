/// How much ICU text the entries of one String Catalog may convert to, in total.
///
/// Each entry is bounded on its own (``ICUMessageBuilder/Options/maxOutputBytes``), but nested
/// substitutions multiply: a 600-byte entry can expand to a quarter of a megabyte of ICU text, and a
/// catalog of such entries to gigabytes. The budget bounds the whole catalog, in proportion to its
/// size: ``baseBytes`` plus ``bytesPerCatalogByte`` for every byte of the catalog file. It is shared
/// by every locale read from one parse (``XCStringsDocument``), so ten locales served by one body
/// share one budget, and it counts work, not only what is kept: an entry that is refused still
/// spends what it built.
///
/// A catalog whose conversion would pass the budget fails for the locale being read when it runs
/// out (``CatalogError/Kind/limit``); locales read before keep their entries. Ordinary catalogs
/// convert to less ICU text than their JSON (the JSON carries keys, states and structure), so the
/// defaults leave a wide margin: 1 MiB plus four times the catalog's size.
public struct CatalogConversionBudget: Sendable, Equatable {
  /// Bytes of ICU text allowed for every byte of the catalog file.
  public var bytesPerCatalogByte: Int
  /// Bytes of ICU text allowed whatever the catalog's size.
  public var baseBytes: Int

  /// Creates a budget.
  public init(bytesPerCatalogByte: Int = 4, baseBytes: Int = 1 << 20) {
    self.bytesPerCatalogByte = bytesPerCatalogByte
    self.baseBytes = baseBytes
  }

  /// The total for a catalog of `catalogBytes` bytes (saturating, never negative).
  public func totalBytes(forCatalogOf catalogBytes: Int) -> Int {
    let size = max(0, catalogBytes)
    let factor = max(0, bytesPerCatalogByte)
    let (scaled, overflow) = size.multipliedReportingOverflow(by: factor)
    if overflow { return Int.max }
    let (total, overflow2) = scaled.addingReportingOverflow(max(0, baseBytes))
    return overflow2 ? Int.max : total
  }
}
