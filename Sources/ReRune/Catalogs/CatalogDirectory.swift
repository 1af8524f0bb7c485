import Foundation

/// Reads an app's bundled catalogs from a resources directory: `*.xcstrings` String Catalogs and
/// `*.lproj/*.strings` / `*.lproj/*.stringsdict` files. Feed the result to
/// ``ReRuneMessagevisorBridge/baseDatafiles(from:target:revision:mapLocale:)`` to get base datafiles.
public enum CatalogDirectory {
  /// A catalog problem worth showing (skipped entries, unreadable files).
  public struct Problem: Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// What is wrong.
    public var message: String
    /// `file: message`.
    public var description: String { "\(file): \(message)" }

    /// Creates a problem.
    public init(file: String, message: String) {
      self.file = file
      self.message = message
    }
  }

  /// Loads every catalog under `directory` in file-name order. Within one `.lproj` folder the
  /// `.strings` files come before the `.stringsdict` files, so plural rules win for the same key
  /// when the catalogs are merged in order. Invalid entries are skipped and reported as problems,
  /// as are files that cannot be read. A missing directory gives no catalogs and no problems.
  public static func load(directory: String) -> (
    catalogs: [LocalizationCatalog], problems: [Problem]
  ) {
    var catalogs: [LocalizationCatalog] = []
    var problems: [Problem] = []
    let fileManager = FileManager.default
    guard let items = try? fileManager.contentsOfDirectory(atPath: directory) else {
      return ([], [])
    }
    func add(_ catalog: LocalizationCatalog, file: String) {
      catalogs.append(catalog)
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
    return (catalogs, problems)
  }

  /// Maps a catalog locale tag onto a project's locales: an exact match wins, `Base` and the
  /// catalog's source language (`source`) map to `sourceLocale`, `pt_BR` matches `pt-BR`, and a
  /// bare language (`nl`) maps to `sourceLocale` when it has that language, else to the first
  /// locale of that language. A tag that matches nothing is returned normalized (`_` → `-`).
  public static func mapLocale(
    _ tag: String, onto locales: [String], sourceLocale: String, source: String? = nil
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
