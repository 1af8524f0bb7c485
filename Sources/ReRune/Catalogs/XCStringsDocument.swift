import Foundation

/// A parsed String Catalog, before any localization is converted: parse once, then read one locale
/// at a time (several locales served from the same file share one parse).
///
/// Only ``parse(_:file:maxEntries:)`` rejects a catalog as a whole (bad JSON, wrong shape, over the
/// limits); reading a locale never throws unless the options say ``XCStringsReader/InvalidEntryPolicy/reject``.
public struct XCStringsDocument: Sendable {
  /// The label used in diagnostics (a path, or `payload de`).
  public let file: String
  /// The catalog's `sourceLanguage`, if any.
  public let sourceLanguage: String?
  /// Every localization tag used by some entry, sorted.
  public let localeTags: [String]
  /// Every key, in document order (a repeated key appears once per occurrence).
  public var keys: [String] { strings.map(\.key) }
  /// True when invalid UTF-8 was replaced while parsing (the entries holding it are skipped).
  public let replacedInvalidUTF8: Bool

  let data: Data
  let strings: [(key: String, value: JSONNode)]
  /// The ICU text converted from this parse so far, against ``XCStringsReader/Options/conversionBudget``.
  let ledger = CatalogConversionLedger()

  /// Parses catalog JSON. Throws only when the bytes are not a catalog: invalid JSON, a root that is
  /// not an object, no `strings` object, or more than `maxEntries` entries. Invalid UTF-8 inside a
  /// string is not fatal: the entries that contain it are skipped when a locale is read.
  public static func parse(_ data: Data, file: String, maxEntries: Int = 200_000)
    throws(CatalogError) -> XCStringsDocument
  {
    let data = data.startIndex == 0 ? data : Data(data)  // offsets are relative to the first byte
    let root: JSONNode
    let replaced: Bool
    do {
      (root, replaced) = try JSONNode.parseReplacingInvalidUTF8(data)
    } catch {
      let (line, column) = JSONNode.lineColumn(of: error.offset, in: data)
      throw CatalogError(
        kind: .syntax, file: file, line: line, column: column,
        message: "invalid JSON: \(error.message)")
    }
    func located(_ node: JSONNode, _ path: String?, _ message: String) -> CatalogError {
      let (line, column) = JSONNode.lineColumn(of: node.offset, in: data)
      return CatalogError(
        kind: .structure, file: file, line: line, column: column, keyPath: path, message: message)
    }
    guard root.members != nil else {
      throw located(root, nil, "a String Catalog must be a JSON object with a \"strings\" object")
    }
    guard let stringsNode = root["strings"], let strings = stringsNode.members else {
      if let node = root["strings"] {
        throw located(
          node, "strings",
          "\"strings\" must be an object of key → entry (found \(node.typeDescription))")
      }
      throw located(root, "strings", "missing \"strings\" object")
    }
    guard strings.count <= maxEntries else {
      throw located(
        stringsNode, "strings",
        "\(strings.count) entries is over the limit of \(maxEntries) entries per catalog")
    }
    var tags = Set<String>()
    for (_, entry) in strings {
      guard let localizations = entry["localizations"]?.members else { continue }
      for (tag, _) in localizations { tags.insert(tag) }
    }
    return XCStringsDocument(
      file: file, sourceLanguage: root["sourceLanguage"]?.string, localeTags: tags.sorted(),
      replacedInvalidUTF8: replaced, data: data, strings: strings)
  }

  /// The localization tag that serves `locale`: an exact match, then a normalized one (`_` ↔ `-`,
  /// case-insensitive), then the only tag when the catalog has exactly one.
  public func localeTag(for locale: String) -> String? {
    if localeTags.contains(locale) { return locale }
    let wanted = LocalizationCatalog.normalize(locale)
    if let match = localeTags.first(where: { LocalizationCatalog.normalize($0) == wanted }) {
      return match
    }
    return localeTags.count == 1 ? localeTags.first : nil
  }

  /// The entries for `locale` (see ``localeTag(for:)``), reading and validating only that
  /// localization of each entry, with the skipped or withheld entries; nil when the catalog has no
  /// localization for it.
  ///
  /// Throws ``CatalogError/Kind/limit`` when the conversion passes the catalog's budget
  /// (``XCStringsReader/Options/conversionBudget``, shared by every locale read from this parse).
  public func entries(forLocale locale: String, options: XCStringsReader.Options)
    throws(CatalogError) -> (
      tag: String, entries: [String: CatalogEntry], diagnostics: [CatalogDiagnostic]
    )?
  {
    try entries(forLocale: locale, options: options, deadline: nil)
  }

  /// ``entries(forLocale:options:)`` that also stops with ``CatalogError/Kind/limit`` once
  /// `deadline` has passed and the conversion has run for `grace` (checked before each entry; an
  /// entry's own work is bounded by the budget). The grace keeps a payload fetched just before the
  /// deadline, on a machine busy enough to delay its conversion, from failing for that alone, while
  /// bounding how far past the deadline a conversion may run.
  func entries(
    forLocale locale: String, options: XCStringsReader.Options,
    deadline: ContinuousClock.Instant?, grace: Duration = LocalizationConverter.deadlineGrace
  ) throws(CatalogError) -> (
    tag: String, entries: [String: CatalogEntry], diagnostics: [CatalogDiagnostic]
  )? {
    guard let tag = localeTag(for: locale) else { return nil }
    let stop = deadline.map { max($0, ContinuousClock().now + grace) }
    let catalog = try catalog(tags: [tag], options: options, deadline: stop)
    return (tag, catalog.locales[tag] ?? [:], catalog.diagnostics)
  }

  /// Converts the localizations of `tags` (every tag when nil) into a catalog.
  ///
  /// Throws ``CatalogError/Kind/limit`` when the conversion passes the catalog's budget
  /// (``XCStringsReader/Options/conversionBudget``).
  public func catalog(tags: [String]? = nil, options: XCStringsReader.Options)
    throws(CatalogError) -> LocalizationCatalog
  {
    try catalog(tags: tags, options: options, deadline: nil)
  }

  func catalog(
    tags: [String]?, options: XCStringsReader.Options, deadline: ContinuousClock.Instant?
  ) throws(CatalogError) -> LocalizationCatalog {
    let wanted = tags ?? localeTags
    var reader = LocalizationConverter(document: self, options: options, deadline: deadline)
    var locales: [String: [String: CatalogEntry]] = [:]
    for tag in wanted { locales[tag] = [:] }
    for (key, entry) in strings {
      for tag in wanted {
        if let converted = try reader.convert(key: key, entry: entry, tag: tag) {
          locales[tag, default: [:]][key] = converted
        } else {
          locales[tag]?[key] = nil
        }
      }
    }
    locales = locales.filter { !$0.value.isEmpty || tags != nil }
    return LocalizationCatalog(
      sourceLanguage: sourceLanguage, locales: locales, keys: Array(Set(keys)).sorted(),
      diagnostics: reader.diagnostics)
  }
}
