import Foundation
import ReRune
import Testing

/// The real catalogs in `../shared/fixtures/catalogs` (skipped with a message when absent).
@Suite("ReRune fixture catalogs")
struct CatalogFixtureTests {
  static func fixture(_ path: String) throws -> URL? {
    guard let dir = TestSupport.catalogsDirectory else {
      print("[ReRuneTests] shared fixtures not found next to the package; skipping \(path)")
      return nil
    }
    return dir.appendingPathComponent(path)
  }

  static func entries(_ name: String, device: String = "other") throws -> [String: CatalogEntry]? {
    guard let url = try fixture("xcstrings-tool/\(name)") else { return nil }
    let catalog = try XCStringsReader.read(contentsOf: url, options: .init(device: device))
    #expect(catalog.sourceLanguage == "en")
    return catalog.locales["en"]
  }

  static let expectedICU:
    [(file: String, key: String, icu: String, kind: CatalogEntry.Kind, args: [FormatArgumentKind])] =
      [
        ("Simple.xcstrings", "SimpleKey", "My Value", .plain, []),
        ("Multiline.xcstrings", "multiline", "Options:\n- One\n- Two\n- Three", .plain, []),
        ("FormatSpecifiers.xcstrings", "at", "Test {arg1}", .formatted, [.object]),
        ("FormatSpecifiers.xcstrings", "d", "Test {arg1}", .formatted, [.integer]),
        ("FormatSpecifiers.xcstrings", "d_length", "Test {arg1}", .formatted, [.integer]),
        (
          "FormatSpecifiers.xcstrings", "f", "Test {arg1, number, ::.000000}", .formatted, [.double]
        ),
        (
          "FormatSpecifiers.xcstrings", "f_precision", "Test {arg1, number, ::.00}", .formatted,
          [.double]
        ),
        ("FormatSpecifiers.xcstrings", "i", "Test {arg1}", .formatted, [.integer]),
        ("FormatSpecifiers.xcstrings", "o", "Test {arg1}", .formatted, [.integer]),
        ("FormatSpecifiers.xcstrings", "u", "Test {arg1}", .formatted, [.integer]),
        ("FormatSpecifiers.xcstrings", "x", "Test {arg1}", .formatted, [.integer]),
        ("FormatSpecifiers.xcstrings", "percentage", "Test %", .plain, []),
        ("FormatSpecifiers.xcstrings", "percentage_escaped", "Test %", .plain, []),
        ("FormatSpecifiers.xcstrings", "percentage_escaped_space_o", "Test 50% off", .plain, []),
        ("FormatSpecifiers.xcstrings", "percentage_space_o", "Test 50% off", .plain, []),
        (
          "Positional.xcstrings", "reorder", "Second: {arg2} - First: {arg1}", .formatted,
          [.integer, .object]
        ),
        (
          "Positional.xcstrings", "repeatExplicit", "{arg1}, I repeat: {arg1}", .formatted,
          [.integer]
        ),
        (
          "Positional.xcstrings", "repeatImplicit", "{arg1}, are you there? {arg1}?", .formatted,
          [.object]
        ),
        (
          "Substitution.xcstrings", "substitutions_example.string",
          "{arg1}! There {arg2, plural, one {is # string} other {are # strings}} and you have {arg3, plural, other {#}} remaining",
          .plural, [.object, .integer, .integer]
        ),
        ("Variations.xcstrings", "String.Device", "Tap to open", .plain, []),
        (
          "Variations.xcstrings", "String.Plural",
          "{arg1, plural, =0 {I have no strings} one {I have # string} other {I have # strings}}",
          .plural,
          [.integer]
        ),
        ("Localizable.xcstrings", "continue", "Continue", .plain, []),
        ("Localizable.xcstrings", "Key", "Default Value", .plain, []),
        (
          "Localizable.xcstrings", "my.snake_case.with-multiple-separators",
          "My snake case with multiple separators", .plain, []
        ),
        ("Localizable.xcstrings", "myDeviceVariant", "Multiplatform Original", .plain, []),
        (
          "Localizable.xcstrings", "myPlural",
          "{arg1, plural, one {I have # plural} other {I have # plurals}}", .plural, [.integer]
        ),
        (
          "Localizable.xcstrings", "mySubstitute",
          "{arg1}: People liked {arg2, plural, one {#} other {#}} posts",
          .plural, [.integer, .integer]
        ),
      ]

  @Test(arguments: expectedICU.indices)
  func xcstringsEntriesConvertToICU(index: Int) throws {
    let expected = Self.expectedICU[index]
    guard let entries = try Self.entries(expected.file) else { return }
    let entry = try #require(entries[expected.key], "\(expected.file) \(expected.key)")
    #expect(entry.icuMessage == expected.icu)
    #expect(entry.kind == expected.kind)
    #expect(entry.arguments == expected.args)
  }

  @Test func fileLevelDetails() throws {
    guard let url = try Self.fixture("xcstrings-tool/Localizable.xcstrings") else { return }
    let catalog = try XCStringsReader.read(contentsOf: url)
    #expect(catalog.keys.count == 9)
    #expect(catalog.keys.contains("Empty") && catalog.keys.contains("Empty.Comment"))
    #expect(catalog.locales["en"]?.count == 7)  // the two "Empty" keys have no localization
    #expect(catalog.locales["en"]?["myDeviceVariant"]?.state == "translated")
    #expect(catalog.locales["en"]?["Key"]?.value == "Default Value")
    #expect(catalog.locales["en"]?["myPlural"]?.value == "I have %lld plurals")
    let ipad = try XCStringsReader.read(contentsOf: url, options: .init(device: "ipad"))
    #expect(ipad.locales["en"]?["myDeviceVariant"]?.value == "macOS Original")
    #expect(ipad.locales["en"]?["myDeviceVariant"]?.state == "needs_review")
    let mac = try Self.entries("Variations.xcstrings", device: "mac")
    #expect(mac?["String.Device"]?.icuMessage == "Click to open")
    let watch = try Self.entries("Variations.xcstrings", device: "applewatch")
    #expect(watch?["String.Device"]?.icuMessage == "Tap to open")
  }

  static let rejected: [(file: String, reason: String, line: Int, column: Int)] = [
    (
      "!MismatchingArgumentType.xcstrings",
      "argument 1 is used with conflicting types: %1$lld (integer) and %1$@ (object)", 11, 23
    )
  ]

  /// xcstrings-tool rejects these two because it generates typed accessors, but Xcode builds them
  /// and Foundation formats them: a translation may skip argument 1, and `%c` prints a character.
  @Test func catalogsXcodeAcceptsAreRead() throws {
    guard let missing = try Self.fixture("xcstrings-tool/!MissingArgument.xcstrings"),
      let character = try Self.fixture("xcstrings-tool/!UnsupportedFormatSpecifiers.xcstrings")
    else { return }
    let gap = try XCStringsReader.read(contentsOf: missing).locales["en"]?["Key"]
    #expect(gap?.icuMessage == "{arg2}, {arg3}")
    #expect(gap?.arguments == [.unused, .object, .object])
    let c = try XCStringsReader.read(contentsOf: character).locales["en"]?["Key"]
    #expect(c?.icuMessage == "Test {arg1}")
    #expect(c?.arguments == [.character])
  }

  @Test(arguments: rejected.indices)
  func malformedCatalogsAreRejectedWithTheReason(index: Int) throws {
    let expected = Self.rejected[index]
    guard let url = try Self.fixture("xcstrings-tool/\(expected.file)") else { return }
    do {
      _ = try XCStringsReader.read(contentsOf: url)
      Issue.record("\(expected.file) was accepted")
    } catch {
      #expect(error.kind == .format)
      #expect(error.message.contains(expected.reason), "\(error.message)")
      #expect(error.file.hasSuffix(expected.file))
      #expect(error.keyPath == "strings[\"Key\"].localizations[\"en\"].stringUnit.value")
      #expect(error.line == expected.line)
      #expect(error.column == expected.column)
    }
  }

  @Test func legacyStringsFile() throws {
    guard let url = try Self.fixture("xcstrings-tool/Legacy.strings") else { return }
    let catalog = try StringsFileReader.read(contentsOf: url, locale: "en")
    let en = try #require(catalog.locales["en"])
    #expect(en.count == 5)
    #expect(en["Key1"]?.icuMessage == "This is a simple string")
    #expect(en["Key2"]?.icuMessage == "This string contains {arg1} integer")
    #expect(en["Key3"]?.icuMessage == "Hello {arg1}! This string {arg2} arguments")
    #expect(en["Key3"]?.arguments == [.object, .integer])
    #expect(en["Key4"]?.icuMessage == "Second: {arg2}, First: {arg1}, First: {arg1}")
    #expect(en["Key5"]?.icuMessage == "First: {arg1}, First: {arg1}")
    #expect(en["Key5"]?.value == "First: %@, First: %1$@")
  }

  @Test func legacyStringsDict() throws {
    guard let url = try Self.fixture("xcstrings-tool/Legacy.stringsdict") else { return }
    let catalog = try StringsDictReader.read(contentsOf: url, locale: "en")
    let entry = try #require(catalog.locales["en"]?["Key6"])
    #expect(
      entry.icuMessage
        == "Hello {arg1}, {arg2, plural, one {I have # plural} other {I have # plurals}}")
    #expect(entry.arguments == [.object, .integer])
    #expect(entry.kind == .plural)
  }

  // MARK: Loop

  @Test func loopCatalogStrictReaderPinpointsTheBrokenRussianSpecifier() throws {
    guard let url = try Self.fixture("loop/Localizable.xcstrings") else { return }
    do {
      _ = try XCStringsReader.read(contentsOf: url)
      Issue.record("the Loop catalog's malformed '%$11d' was accepted")
    } catch {
      #expect(error.kind == .format)
      #expect(
        error.keyPath == "strings[\"Version %@ (%lld)\"].localizations[\"ru\"].stringUnit.value")
      #expect(error.message.contains("%$"))
      #expect(error.line == 18874)
    }
  }

  static let loopPlurals: [String: String] = [
    "en": "{arg1, plural, one {# Loop left} other {# Loops left}}",
    "de": "{arg1, plural, one {# Loop verbleibend} other {# Loops verbleibend}}",
    "es": "{arg1, plural, one {# Loop restante} other {# Loops restantes}}",
    "it": "{arg1, plural, one {Solo # loop!} other {Solo # loop}}",
    "ko": "{arg1, plural, other {남은 루프 # 개}}",
    "nl-BE": "{arg1, plural, one {# Loop left} other {# Loops left}}",
    "pt-BR": "{arg1, plural, one {# Loop faltando} other {# Loops faltando}}",
    "ru":
      "{arg1, plural, one {Остался # Loop} few {Осталось # Loop’ов} many {Осталось # Loop’ов} other {Осталось # Loop’ов}}",
    "zh-Hans": "{arg1, plural, other {还需环绕#次}}",
    "zh-Hant": "{arg1, plural, other {還需環繞#次}}",
    "ar":
      // Arabic has a CLDR `zero` category (exactly 0), so the catalog's `zero` is that category.
      "{arg1, plural, zero {بقي # تكرار} one {بقي تكرار واحد} two {بقي تكراران} few {بقي # تكرار} many {بقي # تكرار} other {# Loops left}}",
  ]

  @Test func loopCatalogParsesWithSkippedInvalidEntries() throws {
    guard let url = try Self.fixture("loop/Localizable.xcstrings") else { return }
    let catalog = try XCStringsReader.read(contentsOf: url, options: .init(invalidEntries: .skip))
    #expect(catalog.keys.count == 337)
    #expect(catalog.locales.count == 11)
    #expect(catalog.diagnostics.count == 1)
    #expect(catalog.diagnostics.first?.key == "Version %@ (%lld)")
    #expect(catalog.diagnostics.first?.locale == "ru")
    #expect(catalog.locales["ru"]?["Version %@ (%lld)"] == nil)
    #expect(catalog.locales["de"]?["Version %@ (%lld)"]?.icuMessage == "Version {arg1} ({arg2})")
    #expect(catalog.locales.values.map(\.count).reduce(0, +) == 3532)
    let plurals = catalog.locales.values.flatMap(\.values).filter { $0.kind == .plural }
    #expect(plurals.count == 11)
    for (locale, icu) in Self.loopPlurals {
      #expect(
        catalog.locales[locale]?["Loops left to unlock new icon"]?.icuMessage == icu, "\(locale)")
    }
  }
}
