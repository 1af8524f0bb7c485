import Foundation
import ReRune

/// Reads an app's bundled catalogs (`*.lproj/*.strings`, `*.lproj/*.stringsdict`, `*.xcstrings`)
/// into translations by locale, as ICU message text.
public enum BundledCatalogs {
  /// A catalog problem worth showing (skipped entries, unreadable files).
  public struct Problem: Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// What is wrong.
    public var message: String
    /// `file: message`.
    public var description: String { "\(file): \(message)" }
  }

  /// Loads every catalog under `directory`. Catalog locale tags are mapped onto `locales` (the
  /// project's): an exact match wins, `Base` and the catalog's source language map to
  /// `sourceLocale`, and a bare language (`nl`) maps to the first locale of that language.
  /// A missing directory gives no translations and no problems.
  public static func load(
    directory: String, locales: [String], sourceLocale: String
  ) -> (translations: [String: [String: String]], problems: [Problem]) {
    var result: [String: [String: String]] = [:]
    var problems: [Problem] = []
    let fileManager = FileManager.default
    guard let items = try? fileManager.contentsOfDirectory(atPath: directory) else {
      return ([:], [])
    }
    func add(_ catalog: LocalizationCatalog, file: String) {
      for (tag, entries) in catalog.locales {
        let locale = map(
          tag, locales: locales, sourceLocale: sourceLocale, source: catalog.sourceLanguage)
        for (key, entry) in entries { result[locale, default: [:]][key] = entry.icuMessage }
      }
      for diagnostic in catalog.diagnostics {
        problems.append(Problem(file: file, message: diagnostic.description))
      }
    }
    for item in items.sorted() {
      let path = directory + "/" + item
      let url = URL(fileURLWithPath: path)
      if item.hasSuffix(".xcstrings") {
        do {
          add(
            try XCStringsReader.read(contentsOf: url, options: .init(invalidEntries: .skip)),
            file: path)
        } catch { problems.append(Problem(file: path, message: "\(error)")) }
      } else if item.hasSuffix(".lproj") {
        let tag = String(item.dropLast(".lproj".count))
        let files = ((try? fileManager.contentsOfDirectory(atPath: path)) ?? []).sorted()
        // .strings first, then .stringsdict (plural rules win for the same key).
        for file in files.filter({ $0.hasSuffix(".strings") })
          + files.filter({ $0.hasSuffix(".stringsdict") })
        {
          let fileURL = URL(fileURLWithPath: path + "/" + file)
          do {
            let catalog =
              file.hasSuffix(".strings")
              ? try StringsFileReader.read(contentsOf: fileURL, locale: tag, invalidEntries: .skip)
              : try StringsDictReader.read(contentsOf: fileURL, locale: tag, invalidEntries: .skip)
            add(catalog, file: fileURL.path)
          } catch { problems.append(Problem(file: fileURL.path, message: "\(error)")) }
        }
      }
    }
    return (result, problems)
  }

  /// Maps a catalog locale tag onto the project's locales.
  public static func map(
    _ tag: String, locales: [String], sourceLocale: String, source: String? = nil
  ) -> String {
    if locales.contains(tag) { return tag }
    if tag == "Base" || tag == source { return sourceLocale }
    let normalized = tag.replacingOccurrences(of: "_", with: "-")
    if locales.contains(normalized) { return normalized }
    let language = normalized.split(separator: "-").first.map(String.init) ?? normalized
    if sourceLocale.hasPrefix(language + "-") { return sourceLocale }
    return locales.first { $0.hasPrefix(language + "-") } ?? normalized
  }
}
