import Foundation
import TestSupport
import Testing

@testable import MessagevisorProject

@Suite struct ExportImportXLIFFTests {
  func export(_ fixture: ExchangeFixture, locale: String) throws -> String {
    let file = fixture.scratch + "/\(locale).xlf"
    let result = fixture.run(["export", "--format=xliff", "--locale=\(locale)", "--output=\(file)"])
    #expect(result.status == 0, "\(result.err)")
    return try String(contentsOfFile: file, encoding: .utf8)
  }

  func importing(_ fixture: ExchangeFixture, _ xliff: String, apply: Bool = true) -> (
    status: Int32, out: String, err: String
  ) {
    let file = fixture.input("in.xlf", xliff)
    return fixture.run(["import", "--input=\(file)"] + (apply ? ["--apply"] : []))
  }

  @Test func pluralBranchesAreUnitsAndArgumentsAreInlineCodes() throws {
    let fixture = try ExchangeFixture()
    let xliff = try export(fixture, locale: "nl")
    #expect(xliff.contains("srcLang=\"en\" trgLang=\"nl\""))
    #expect(xliff.contains("<unit id=\"g1-u1\" name=\"count=one\">"))
    #expect(xliff.contains("<unit id=\"g1-u2\" name=\"count=other\">"))
    #expect(
      xliff.contains(
        "<originalData><data id=\"d1\">#</data><data id=\"d2\">{place}</data></originalData>"))
    #expect(
      xliff.contains(
        "<target><ph id=\"1\" dataRef=\"d1\" disp=\"#\"/> artikel in <ph id=\"2\" dataRef=\"d2\" disp=\"{place}\"/></target>"
      ))
    #expect(xliff.contains("<group id=\"g3\" name=\"greeting:pro\">"))
  }

  @Test func aLocaleWithoutTextGetsItsOwnPluralCategoriesAndNoTarget() throws {
    let fixture = try ExchangeFixture()
    let xliff = try export(fixture, locale: "ru")
    for category in ["one", "few", "many", "other"] {
      #expect(xliff.contains("name=\"count=\(category)\""), "\(category)")
    }
    #expect(xliff.contains("<note category=\"status\">missing</note>"))
    #expect(!xliff.contains("<target>") || xliff.contains("Привет"))
  }

  @Test func translatedBranchesImportAsOneICUMessage() throws {
    let fixture = try ExchangeFixture()
    var xliff = try export(fixture, locale: "ru")
    let source =
      "<source><ph id=\"1\" dataRef=\"d1\" disp=\"#\"/> item in <ph id=\"2\" dataRef=\"d2\" disp=\"{place}\"/></source>"
    let sourceOther =
      "<source><ph id=\"1\" dataRef=\"d1\" disp=\"#\"/> items in <ph id=\"2\" dataRef=\"d2\" disp=\"{place}\"/></source>"
    func target(_ word: String) -> String {
      "<target><ph id=\"1\" dataRef=\"d1\"/> \(word) в <ph id=\"2\" dataRef=\"d2\"/> {'}</target>"
    }
    // Units in order one, few, many, other; the source of few/many/other is the English other.
    xliff = xliff.replacingOccurrences(of: source, with: source + target("товар"))
    var parts = xliff.components(separatedBy: sourceOther)
    #expect(parts.count == 4)
    let words = ["товара", "товаров", "товара"]
    xliff = parts[0]
    for (index, word) in words.enumerated() {
      xliff += sourceOther + target(word) + parts[index + 1]
    }
    parts = []
    let result = importing(fixture, xliff)
    #expect(result.status == 0, "\(result.out)\(result.err)")
    let text = try fixture.load().messages["cart.items"]?.translations["ru"]
    #expect(
      text
        == "{count, plural, one {# товар в {place} '{''}'} few {# товара в {place} '{''}'} many {# товаров в {place} '{''}'} other {# товара в {place} '{''}'}}"
    )
  }

  @Test func unchangedXLIFFImportChangesNoByteOnTheDemo() throws {
    let fixture = try ExchangeFixture(copying: FixturePaths.packageRoot + "/Demo/project")
    let before = fixture.tree()
    for locale in try fixture.load().locales.keys.sorted() where locale != "en-US" {
      let xliff = try export(fixture, locale: locale)
      let result = importing(fixture, xliff)
      #expect(result.status == 0, "\(locale): \(result.out)\(result.err)")
      #expect(result.out.contains("changed translations 0"), "\(locale): \(result.out)")
    }
    #expect(ExchangeFixture.changed(before, fixture.tree()) == [])
  }

  @Test func anEditedTargetChangesOnlyItsRun() throws {
    let fixture = try ExchangeFixture()
    let xliff = try export(fixture, locale: "nl").replacingOccurrences(
      of: "> artikelen in <", with: "> stuks in <")
    let result = importing(fixture, xliff)
    #expect(result.status == 0, "\(result.out)\(result.err)")
    let items = try String(
      contentsOfFile: fixture.path + "/messages/cart/items.yml", encoding: .utf8)
    #expect(
      items.contains(
        "nl: \"{count, plural, one {# artikel in {place}} other {# stuks in {place}}}\""))
  }

  @Test(arguments: [
    ("not well-formed", "<target>", "<target><b>", "not well-formed XML"),
    (
      "altered code", "<data id=\"d2\">{place}</data>", "<data id=\"d2\">{plaats}</data>",
      "was changed from {place} to {plaats}"
    ),
    (
      "missing code", "artikel in <ph id=\"2\" dataRef=\"d2\" disp=\"{place}\"/></target>",
      "artikel</target>", "altered inline codes (missing {place})"
    ),
    (
      "invented code", "artikel in <ph id=\"2\" dataRef=\"d2\" disp=\"{place}\"/></target>",
      "artikel in <ph id=\"9\" dataRef=\"d9\"/></target>", "dataRef \"d9\""
    ),
    (
      "foreign element", "artikel in <ph", "artikel <pc id=\"5\">x</pc> in <ph",
      "unexpected inline element <pc>"
    ),
  ])
  func damagedXLIFFIsRefusedWithItsLineAndNothingIsWritten(
    name: String, find: String, replace: String, words: String
  ) throws {
    let fixture = try ExchangeFixture()
    let before = fixture.tree()
    let xliff = try export(fixture, locale: "nl")
    #expect(xliff.contains(find), "\(name)")
    let damaged = xliff.replacingOccurrences(of: find, with: replace)
    let result = importing(fixture, damaged)
    #expect(result.status == 1, "\(name)")
    let report = result.out + result.err
    #expect(report.contains(words), "\(name): \(report)")
    #expect(report.contains("in.xlf:"), "\(name): \(report)")
    #expect(ExchangeFixture.changed(before, fixture.tree()) == [])
  }

  @Test func externalEntitiesAreNeitherFetchedNorExpanded() throws {
    let fixture = try ExchangeFixture()
    let before = fixture.tree()
    let secret = fixture.input("secret.txt", "TOP SECRET")
    let xliff = try export(fixture, locale: "nl")
      .replacingOccurrences(
        of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
        with:
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE xliff [<!ENTITY leak SYSTEM \"file://\(secret)\">]>"
      )
      .replacingOccurrences(of: "> artikelen in <", with: ">&leak; in <")
    let result = importing(fixture, xliff)
    #expect(result.status == 1)
    #expect((result.out + result.err).contains("entit"), "\(result.out)\(result.err)")
    #expect(!(result.out + result.err).contains("TOP SECRET"))
    #expect(ExchangeFixture.changed(before, fixture.tree()) == [])
  }

  @Test func xliffNeedsOneTargetLocale() throws {
    let fixture = try ExchangeFixture()
    let result = fixture.run(["export", "--format=xliff"])
    #expect(result.status == 1)
    #expect(result.err.contains("pass --locale once"))
  }
}
