import Foundation
import ReRune
import TestSupport
import Testing

/// Every reader's output is bounded in proportion to its input (RELIABILITY.md, "Limits"): a small
/// file cannot make a reader allocate without bound. `.strings` entries hold their key, value and
/// ICU text (`%@` becomes `{arg1}`, a brace becomes `'{'`), at most eight times the file's size;
/// `.xcstrings` and `.stringsdict` expansions are bounded by ``CatalogConversionBudget``.
@Suite("Reader output bounds")
struct ReaderOutputBoundTests {
  /// Key, value and ICU bytes of every entry of `catalog`.
  static func outputBytes(_ catalog: LocalizationCatalog) -> Int {
    catalog.locales.values.reduce(0) { total, entries in
      entries.reduce(total) {
        $0 + $1.key.utf8.count + $1.value.value.utf8.count
          + $1.value.icuMessage.utf8.count
      }
    }
  }

  static let stringsInputs: [(name: String, data: Data)] = [
    (
      "shorthand keys of braces",
      Data(String(repeating: "\"{{{{{{{{{{{{{{{{\";\n", count: 500).utf8)
    ),
    (
      "specifiers",
      Data(String(repeating: "\"k%@\" = \"%@%@%@%@%@%@%@%@%@%@\";\n", count: 500).utf8)
    ),
    ("apostrophes", Data(String(repeating: "\"a\" = \"''''''''''''''''\";\n", count: 500).utf8)),
    (
      "UTF-16 CJK shorthand",
      Data([0xFF, 0xFE])
        + String(repeating: "\"日本語日本語日本語\";\n", count: 500).data(using: .utf16LittleEndian)!
    ),
    ("escapes", Data(String(repeating: "\"\\U0001F600\\{\";\n", count: 500).utf8)),
  ]

  @Test(arguments: stringsInputs.map(\.name))
  func stringsFilesConvertToAtMostEightTimesTheirSize(name: String) throws {
    let data = try #require(Self.stringsInputs.first { $0.name == name }?.data)
    let catalog = try StringsFileReader.read(
      data, file: "Bound.strings", locale: "de", invalidEntries: .skip)
    #expect(!(catalog.locales["de"] ?? [:]).isEmpty)
    #expect(Self.outputBytes(catalog) <= 8 * data.count)
  }

  @Test func catalogExpansionsStayWithinTheConversionBudget() throws {
    // Two expanding entries fit the budget; what they convert to is at most the budget's total.
    let data = Data(ExpandingCatalog.catalog(count: 2).utf8)
    let catalog = try XCStringsReader.read(
      data, file: "Bound.xcstrings", options: .init(invalidEntries: .skip))
    let icu = catalog.locales.values.flatMap(\.values).reduce(0) { $0 + $1.icuMessage.utf8.count }
    #expect(icu > 10 * data.count)  // they do expand
    #expect(icu <= CatalogConversionBudget().totalBytes(forCatalogOf: data.count))
  }
}
