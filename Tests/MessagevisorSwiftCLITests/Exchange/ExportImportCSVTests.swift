import Foundation
import TestSupport
import Testing

@testable import MessagevisorProject

@Suite struct ExportImportCSVTests {
  @Test func exportWritesUpstreamColumnsStatusesAndOverrideRows() throws {
    let fixture = try ExchangeFixture()
    let result = fixture.run(["export", "--locale=en", "--locale=nl", "--locale=nl-BE"])
    #expect(result.status == 0, "\(result.err)")
    let records = try CSVReader().read(Array(result.out.utf8)).map(\.fields)
    #expect(
      records.first
        == [
          "messageKey", "messageDescription", "en", "enStatus", "nl", "nlStatus", "nl-BE",
          "nl-BEStatus",
        ])
    #expect(records.map { $0[0] } == ["messageKey", "cart.items", "greeting", "greeting:pro"])
    #expect(
      records[2] == [
        "greeting", "Greeting", "Hello {name}", "direct", "Hallo {name}", "direct", "Hallo {name}",
        "inherited",
      ])
    #expect(records[3][4...5] == ["Hallo, pro {name}", "direct"])
  }

  @Test func exportFiltersAndFormattingFlags() throws {
    let fixture = try ExchangeFixture()
    let result = fixture.run([
      "export", "--locale=en", "--locale=ru", "--onlyDirectlyUntranslated", "--withoutStatus",
      "--delimiter=;", "--bom", "--lineEnding=crlf", "--exclude=greeting",
    ])
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out
        == "\u{FEFF}messageKey;messageDescription;en;ru\r\ncart.items;Items in the cart;{count, plural, one {# item in {place}} other {# items in {place}}};\r\n"
    )
    let missing = fixture.run(["export", "--locale=ru", "--onlyUntranslated"])
    #expect(missing.out.contains("greeting:pro"))
    #expect(!missing.out.contains("greeting,"))
  }

  @Test func exportRefusesAnUnknownLocaleWithASuggestion() throws {
    let fixture = try ExchangeFixture()
    let result = fixture.run(["export", "--locale=nl-be"])
    #expect(result.status == 1)
    #expect(result.err.contains("did you mean nl-BE?"))
  }

  @Test func importOfAnUnchangedExportChangesNoByteOnProjectOne() throws {
    guard let source = FixturePaths.project1 else { return }
    let fixture = try ExchangeFixture(copying: source)
    let before = fixture.tree()
    let csv = fixture.scratch + "/all.csv"
    #expect(fixture.run(["export", "--output=\(csv)"]).status == 0)
    let result = fixture.run(["import", "--input=\(csv)", "--apply", "--json"])
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out.contains("\"changedTranslations\":0"))
    #expect(ExchangeFixture.changed(before, fixture.tree()) == [])
  }

  @Test func importOfAnUnchangedExportChangesNoByteOnTheDemo() throws {
    let fixture = try ExchangeFixture(copying: FixturePaths.packageRoot + "/Demo/project")
    let before = fixture.tree()
    let csv = fixture.scratch + "/demo.csv"
    #expect(fixture.run(["export", "--output=\(csv)", "--bom", "--lineEnding=crlf"]).status == 0)
    let result = fixture.run(["import", "--input=\(csv)", "--apply"])
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out.contains("changed translations 0"))
    #expect(ExchangeFixture.changed(before, fixture.tree()) == [])
  }

  /// Python's csv module plays the spreadsheet: it rewrites the file (its own quoting, CRLF)
  /// with two cells edited and one added.
  @Test func spreadsheetEditedCSVChangesExactlyTheEditedTranslationsOfProjectOne() throws {
    guard let source = FixturePaths.project1 else { return }
    let fixture = try ExchangeFixture(copying: source)
    let before = fixture.tree()
    let project = try fixture.load()
    let csv = fixture.scratch + "/p1.csv"
    #expect(fixture.run(["export", "--output=\(csv)"]).status == 0)
    let script = """
      import csv, sys
      path = sys.argv[1]
      with open(path, newline='', encoding='utf-8') as f:
          rows = list(csv.reader(f))
      header = rows[0]
      nl = header.index('nl'); de = header.index('de-DE')
      for row in rows[1:]:
          if row[0] == 'auth.signin': row[nl] = 'Aanmelden, "nu"'
          if row[0] == 'auth.installApp:platform-ios': row[nl] = 'Download via de App Store'
          if row[0] == 'auth.signout': row[de] = 'Abmelden'
      with open(path, 'w', newline='', encoding='utf-8') as f:
          csv.writer(f).writerows(rows)
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, csv]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let preview = fixture.run(["import", "--input=\(csv)"])
    #expect(preview.status == 0, "\(preview.out)\(preview.err)")
    #expect(ExchangeFixture.changed(before, fixture.tree()) == [])
    let signin = try #require(project.messages["auth.signin"])
    let location = try #require(signin.translationLocations["nl"])
    #expect(preview.out.contains("\(location) auth.signin nl [changed]: "))
    #expect(preview.out.contains("→ \"Aanmelden, \\\"nu\\\"\""))
    let applied = fixture.run(["import", "--input=\(csv)", "--apply"])
    #expect(applied.status == 0, "\(applied.out)\(applied.err)")
    #expect(applied.out.contains("changed messages 3, changed translations 3"))
    let changedFiles = ExchangeFixture.changed(before, fixture.tree())
    #expect(
      changedFiles == [
        "messages/auth/installApp.yml", "messages/auth/signin.yml", "messages/auth/signout.yml",
      ])
    let after = try fixture.load()
    for key in project.messages.keys.sorted() {
      var expected = project.messages[key]?.translations ?? [:]
      var overrides = project.messages[key]?.overrides.map(\.translations) ?? []
      if key == "auth.signin" { expected["nl"] = "Aanmelden, \"nu\"" }
      if key == "auth.signout" { expected["de-DE"] = "Abmelden" }
      if key == "auth.installApp" { overrides[0]["nl"] = "Download via de App Store" }
      #expect(after.messages[key]?.translations == expected, "\(key)")
      #expect(after.messages[key]?.overrides.map(\.translations) == overrides, "\(key)")
    }
  }

  @Test func importChangesReviewedCopyToTranslatedAndKeepsComments() throws {
    let fixture = try ExchangeFixture()
    let csv = fixture.input(
      "nl.csv",
      "messageKey,nl\ngreeting,Hoi {name}\ncart.items,\"{count, plural, one {# ding in {place}} other {# dingen in {place}}}\"\n"
    )
    let result = fixture.run(["import", "--input=\(csv)", "--apply"])
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out.contains("(reviewed → translated)"))
    let greeting = try String(
      contentsOfFile: fixture.path + "/messages/greeting.yml", encoding: .utf8)
    #expect(greeting.contains("  nl: Hoi {name}\n"))
    #expect(greeting.contains("    status: translated\n"))
    let items = try String(
      contentsOfFile: fixture.path + "/messages/cart/items.yml", encoding: .utf8)
    #expect(items.contains("# Count of items; keep the plural.\n"))
    #expect(items.contains("# dingen in {place}"))
  }

  @Test func previewWritesNothingAndNamesEachChangeWithItsPlace() throws {
    let fixture = try ExchangeFixture()
    let before = fixture.tree()
    let csv = fixture.input("ru.csv", "messageKey,ru\ngreeting:pro,\"Привет, про {name}\"\n")
    let result = fixture.run(["import", "--input=\(csv)"])
    #expect(result.status == 0)
    #expect(
      result.out.contains(
        "messages/greeting.yml:12:5 greeting:pro ru [added]: (none) → \"Привет, про {name}\""))
    #expect(ExchangeFixture.changed(before, fixture.tree()) == [])
  }

  @Test func emptyValuesDeleteAndPruneRemoveTranslations() throws {
    let fixture = try ExchangeFixture()
    let csv = fixture.input("x.csv", "messageKey,ru,nl\ngreeting,,Hello {name}\n")
    let result = fixture.run([
      "import", "--input=\(csv)", "--emptyValues=delete", "--prune", "--apply",
    ])
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out.contains("pruned 1"))
    let after = try fixture.load()
    #expect(after.messages["greeting"]?.translations == ["en": "Hello {name}"])
  }

  @Test(arguments: [
    ("messageKey,nl\ngreeting,\"Hallo {name\"\n", "invalid_icu_syntax", 2, 10),
    ("messageKey,nl\ngreeting,Hallo {naam}\n", "translation_contract_mismatch", 2, 10),
    (
      "messageKey,ru\ncart.items,\"{count, plural, one {# x {place}} other {# y {place}}}\"\n",
      "plural_categories", 2, 12
    ),
    ("messageKey,nl\ngreting,Hoi\n", "did you mean greeting?", 2, 1),
    ("messageKey,nl-be\ngreeting,Hoi\n", "unknown column \"nl-be\" (did you mean nl-BE?)", 1, 12),
    ("messageKey,nl\ngreeting,Hoi\ngreeting,Hai\n", "duplicate row", 3, 1),
    ("messageKey,en,nl\ngreeting,Hoi\n", "a column is missing", 2, 0),
    ("messageKey,nl\ngreeting:basic,Hoi\n", "has no override \"basic\"", 2, 1),
    ("en,nl\nHello,Hoi\n", "no messageKey column", 1, 0),
  ])
  func badRowsAreReportedWithRowAndColumnAndNothingIsWritten(
    csv: String, words: String, line: Int, column: Int
  ) throws {
    let fixture = try ExchangeFixture()
    let before = fixture.tree()
    // A good row too: it is not applied while another row is bad.
    let file = fixture.input("bad.csv", csv)
    let result = fixture.run(["import", "--input=\(file)", "--apply"])
    #expect(result.status == 1)
    let position =
      column > 0 ? "bad.csv:\(line):\(column): row \(line):" : "bad.csv:\(line): row \(line):"
    let errorLine = result.out.split(separator: "\n").first { $0.contains(words) }
    #expect(errorLine?.contains(position) == true, "\(result.out)")
    #expect(ExchangeFixture.changed(before, fixture.tree()) == [])
  }

  @Test func aBadRowKeepsTheGoodRowsFromBeingWritten() throws {
    let fixture = try ExchangeFixture()
    let before = fixture.tree()
    let file = fixture.input(
      "mixed.csv", "messageKey,ru\ngreeting,Здравствуйте {name}\ngreeting:pro,\"{oops\"\n")
    let result = fixture.run(["import", "--input=\(file)", "--apply"])
    #expect(result.status == 1)
    #expect(
      result.out.contains("mixed.csv:3:14: row 3: greeting override pro ru: invalid_icu_syntax"))
    #expect(ExchangeFixture.changed(before, fixture.tree()) == [])
  }

  @Test func invalidUTF8AndMalformedCSVAreRefusedWithoutChanges() throws {
    let fixture = try ExchangeFixture()
    let before = fixture.tree()
    let file = fixture.input(
      "latin1.csv", bytes: Array("messageKey,nl\ngreeting,Caf".utf8) + [0xE9, 0x0A])
    let result = fixture.run(["import", "--input=\(file)", "--apply"])
    #expect(result.status == 1)
    #expect(result.err.contains("latin1.csv:2:13: bytes that are not UTF-8"))
    #expect(ExchangeFixture.changed(before, fixture.tree()) == [])
  }

  @Test func crlfBomAndQuotedNewlinesImport() throws {
    let fixture = try ExchangeFixture()
    let file = fixture.input(
      "crlf.csv",
      bytes: [0xEF, 0xBB, 0xBF]
        + Array("messageKey,ru\r\ngreeting,\"Привет,\nмир {name}\"\r\n".utf8))
    let result = fixture.run(["import", "--input=\(file)", "--apply"])
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(try fixture.load().messages["greeting"]?.translations["ru"] == "Привет,\nмир {name}")
  }

  @Test func createMissingWritesANewMessageFileAndWithoutItTheKeyIsAnError() throws {
    let fixture = try ExchangeFixture()
    let file = fixture.input(
      "new.csv", "messageKey,en,nl\nshop.banner,Sale: {pct}%,\"Uitverkoop: {pct}%\"\n")
    let refused = fixture.run(["import", "--input=\(file)", "--apply"])
    #expect(refused.status == 1)
    #expect(refused.out.contains("new.csv:2:1: row 2: unknown message \"shop.banner\""))
    #expect(refused.out.contains("--create-missing"))
    let created = fixture.run(["import", "--input=\(file)", "--apply", "--create-missing"])
    #expect(created.status == 0, "\(created.out)\(created.err)")
    let text = try String(
      contentsOfFile: fixture.path + "/messages/shop/banner.yml", encoding: .utf8)
    #expect(text == "translations:\n  en: \"Sale: {pct}%\"\n  nl: \"Uitverkoop: {pct}%\"\n")
    #expect(try fixture.load().messages["shop.banner"]?.translations["nl"] == "Uitverkoop: {pct}%")
  }

  @Test func emptyValuesEmptyIsCheckedLikeAnyTextAndJSONHasUpstreamSummaryFields() throws {
    let fixture = try ExchangeFixture()
    let before = fixture.tree()
    let file = fixture.input("e.csv", "messageKey,ru,nl\ngreeting,,\ncart.items,,\n")
    let skipped = fixture.run(["import", "--input=\(file)", "--json"])
    #expect(skipped.status == 0)
    #expect(skipped.out.contains("\"changedTranslations\":0"))
    #expect(skipped.out.contains("\"skippedRows\":2"))
    // An empty text loses the source's arguments: the contract check refuses it.
    let result = fixture.run([
      "import", "--input=\(file)", "--emptyValues=empty", "--json", "--apply",
    ])
    #expect(result.status == 1)
    for field in [
      "rows", "changedMessages", "changedTranslations", "pruned", "skippedRows", "warnings",
    ] {
      #expect(result.out.contains("\"\(field)\":"), "\(field)")
    }
    #expect(result.out.contains("\"applied\":false"))
    #expect(result.out.contains("\"kind\":\"added\",\"line\":3,\"locale\":\"ru\""))
    #expect(
      result.out.contains(
        "greeting ru: translation_contract_mismatch: the ru translation lacks the argument {name}"))
    #expect(ExchangeFixture.changed(before, fixture.tree()) == [])
  }

  @Test func usageErrorsExitTwoWithWhatToFix() throws {
    let fixture = try ExchangeFixture()
    let missing = fixture.run(["import"])
    #expect(missing.status == 2)
    #expect(missing.err.contains("--input"))
    let delimiter = fixture.run(["export", "--delimiter=ab"])
    #expect(delimiter.status == 2)
    let help = fixture.run(["import", "--help"])
    #expect(help.status == 0)
    #expect(help.out.contains("nothing is written"))
  }
}

@Suite struct ExportImportSetsTests {
  func setsProject() throws -> ExchangeFixture {
    let project = TempProject()
    project.write("messagevisor.config.yml", "sets: true\nmodules: [icu]\n")
    for set in ["mobile", "web"] {
      project.write("sets/\(set)/locales/en.yml", "description: English\n")
      project.write("sets/\(set)/locales/nl.yml", "inheritTranslationsFrom: en\n")
      project.write(
        "sets/\(set)/messages/title.yml", "translations:\n  en: Title \(set)\n  nl: Titel \(set)\n")
    }
    return try ExchangeFixture(copying: project.path)
  }

  @Test func everySetIsExportedWithASetColumnAndImportedIntoItsOwnSet() throws {
    let fixture = try setsProject()
    let export = fixture.run(["export", "--withoutStatus"])
    #expect(export.status == 0, "\(export.err)")
    #expect(
      export.out
        == "set,messageKey,messageDescription,en,nl\nmobile,title,,Title mobile,Titel mobile\nweb,title,,Title web,Titel web\n"
    )
    let file = fixture.input(
      "sets.csv", "set,messageKey,nl\nweb,title,Titel van het web\nwbe,title,x\n")
    let refused = fixture.run(["import", "--input=\(file)"])
    #expect(refused.out.contains("sets.csv:3:1: row 3: unknown set \"wbe\" (did you mean web?)"))
    let good = fixture.input("good.csv", "set,messageKey,nl\nweb,title,Titel van het web\n")
    let applied = fixture.run(["import", "--input=\(good)", "--apply"])
    #expect(applied.status == 0, "\(applied.out)\(applied.err)")
    let web = try String(
      contentsOfFile: fixture.path + "/sets/web/messages/title.yml", encoding: .utf8)
    let mobile = try String(
      contentsOfFile: fixture.path + "/sets/mobile/messages/title.yml", encoding: .utf8)
    #expect(web.contains("nl: Titel van het web"))
    #expect(mobile.contains("nl: Titel mobile"))
  }
}
