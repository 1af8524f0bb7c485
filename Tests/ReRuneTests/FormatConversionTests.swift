import Foundation
import ReRune
import Testing

@Suite("ReRune format conversion and .strings parsing")
struct FormatConversionTests {
  @Test(arguments: [
    ("Plain", "Plain"),
    ("It's {fine}", "It's '{'fine'}'"),
    ("l'%@", "l''{arg1}"),
    ("'quoted'", "'quoted''"),
    ("%1$@ %2$.1f %%", "{arg1} {arg2, number, ::.0} %"),
    ("%.0f", "{arg1, number, ::precision-integer}"),
    ("%ld %lu %hhd %qd %zd", "{arg1} {arg2} {arg3} {arg4} {arg5}"),
    ("%5d|%-3@|%+d", "{arg1}|{arg2}|{arg3}"),
    ("100%", "100%"),
    ("% of", "% of"),
    ("%e %g %a", "{arg1} {arg2} {arg3}"),
    ("%2$@", "{arg2}"),
    ("%c %s %S", "{arg1} {arg2} {arg3}"),
  ])
  func formatStrings(input: String, icu: String) throws {
    #expect(try CatalogEntry.fromFormat(input).icuMessage == icu)
  }

  @Test(arguments: [
    ("%n", "not a supported"), ("%p", "not a supported"), ("%*d", "'*' widths"),
    ("%$1d", "positional specifier needs"), ("%1$d %1$f", "conflicting types"),
    ("%5", "missing its conversion"),
    ("%#@x@", "has no definition"), ("%0$d", "out of range"),
  ])
  func invalidFormatStrings(input: String, reason: String) {
    do {
      _ = try CatalogEntry.fromFormat(input)
      Issue.record("accepted \(input)")
    } catch {
      #expect(error.reason.contains(reason), "\(error.reason)")
    }
  }

  @Test func pluralEscapesHashAndRequiresOther() throws {
    let message = try ICUMessageBuilder.convertPlural(forms: [
      "one": "#%d item", "other": "%d items {x}",
    ])
    #expect(message.icu == "{arg1, plural, one {'#'# item} other {# items '{'x'}'}}")
    #expect(throws: ICUMessageBuilder.Failure.self) {
      _ = try ICUMessageBuilder.convertPlural(forms: ["one": "%d item"])
    }
    #expect(throws: ICUMessageBuilder.Failure.self) {
      _ = try ICUMessageBuilder.convertPlural(forms: ["lots": "%d", "other": "%d"])
    }
    let mixed = try ICUMessageBuilder.convertPlural(forms: [
      "one": "%@ has %d file", "other": "%@ has %d files",
    ])
    #expect(mixed.icu == "{arg2, plural, one {{arg1} has # file} other {{arg1} has # files}}")
    #expect(mixed.arguments == [.object, .integer])
  }

  @Test func stringsSyntaxEscapesAndComments() throws {
    let text = """
      /* block
         comment */
      // line comment
      "a" = "tab\\there\\nnew \\"q\\" back\\\\slash";
      unquoted_key = value.with-dots;
      "uni" = "\\U00e9\\u00E8 \\UD83D\\UDE00 \\101";
      "only";
      "apos" = 'not-a-quote';
      """
    do {
      _ = try StringsFileReader.read(Data(text.utf8), file: "t.strings", locale: "en")
      Issue.record("single quotes should not be accepted")
    } catch {
      #expect(error.line == 8)
      #expect(error.column == 10)
    }
    let valid = text.replacingOccurrences(of: "\"apos\" = 'not-a-quote';", with: "")
    let en = try #require(
      try StringsFileReader.read(Data(valid.utf8), file: "t.strings", locale: "en").locales["en"])
    #expect(en["a"]?.value == "tab\there\nnew \"q\" back\\slash")
    #expect(en["unquoted_key"]?.value == "value.with-dots")
    #expect(en["uni"]?.value == "éè 😀 A")
    #expect(en["only"]?.value == "only")
  }

  @Test(arguments: [true, false])
  func stringsUTF16WithBOM(littleEndian: Bool) throws {
    let text = "\"k\" = \"Grüße 😀\";\n"
    var data = Data(littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF])
    for unit in text.utf16 {
      let bytes =
        littleEndian
        ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
      data.append(contentsOf: bytes)
    }
    let catalog = try StringsFileReader.read(data, file: "u16.strings", locale: "de")
    #expect(catalog.locales["de"]?["k"]?.value == "Grüße 😀")
    let bom8 = Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)
    #expect(
      try StringsFileReader.read(bom8, file: "u8.strings", locale: "de").locales["de"]?["k"]?.value
        == "Grüße 😀")
  }

  @Test(arguments: [
    ("\"a\" = \"b\"", 1, 10, "expected ';'"),
    ("\"a\" \"b\";", 1, 5, "expected '='"),
    ("\n\n  \"a\" = \"unterminated;", 3, 9, "unterminated string"),
    ("/* never closed", 1, 1, "unterminated /*"),
    ("\"a\" = \"\\u12\";", 1, 8, "four hexadecimal"),
    ("\"a\" = \"%n\";", 1, 7, "not a supported"),
  ])
  func stringsErrorsHavePositions(text: String, line: Int, column: Int, reason: String) {
    do {
      _ = try StringsFileReader.read(Data(text.utf8), file: "bad.strings", locale: "en")
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.file == "bad.strings")
      #expect(error.line == line && error.column == column, "\(error)")
      #expect(error.message.contains(reason), "\(error.message)")
    }
  }

  @Test func invalidUTF8IsAnEncodingError() {
    #expect(throws: CatalogError.self) {
      _ = try StringsFileReader.read(
        Data([0x22, 0xC3, 0x28, 0x22]), file: "x.strings", locale: "en")
    }
  }

  @Test func xcstringsSyntaxErrorHasPosition() {
    let text = "{\n  \"strings\" : {\n    \"a\" : x\n  }\n}"
    do {
      _ = try XCStringsReader.read(Data(text.utf8), file: "bad.xcstrings")
      Issue.record("accepted")
    } catch {
      #expect(error.kind == .syntax)
      #expect(error.line == 3, "\(error)")
    }
  }

  @Test func stringsDictErrors() {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>k</key><dict>
      <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
      <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
      <key>one</key><string>%d thing</string></dict></dict></dict></plist>
      """
    do {
      _ = try StringsDictReader.read(Data(plist.utf8), file: "x.stringsdict", locale: "en")
      Issue.record("accepted a plural without other")
    } catch {
      #expect(error.message.contains("no 'other' form"), "\(error)")
      #expect(error.keyPath == "\"k\"")
    }
  }

  @Test func manifestParserListsEveryProblem() throws {
    let body =
      "{\"version\": \"x\", \"locales\": {\"de\": {}, \"fr\": {\"version\": 1, \"url\": 3}}}"
    do {
      _ = try ReRuneManifest.parse(Data(body.utf8))
      Issue.record("accepted")
    } catch {
      #expect(error.problems.count == 3, "\(error.problems)")
    }
    #expect(
      try ReRuneManifest.parse(
        Data(
          "{\"version\": 3, \"locales\": {\"de\": {\"version\": 1, \"url\": \"x\"}}, \"extra\": 1}"
            .utf8))
        == ReRuneManifest(version: 3, locales: ["de": .init(version: 1, url: "x")]))
  }
}
