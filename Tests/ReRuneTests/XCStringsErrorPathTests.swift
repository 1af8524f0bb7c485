import Foundation
import ReRune
import Testing

/// Where `XCStringsReader` says a broken localization is: the key path and the line of the node
/// (both built only when the problem is thrown).
@Suite struct XCStringsErrorPathTests {
  func failure(_ json: String) -> CatalogError? {
    do {
      _ = try XCStringsReader.read(Data(json.utf8), file: "inline.xcstrings")
      return nil
    } catch {
      return error
    }
  }

  @Test func aBrokenPluralFormPointsAtItsText() throws {
    let json = """
      {"sourceLanguage": "en", "strings": {"Files \\"%lld\\"": {"localizations": {"de": {
        "variations": {"plural": {
          "one": {"stringUnit": {"state": "translated", "value": "%lld file"}},
          "other": {"stringUnit": {"state": "translated", "value": "%c files"}}
        }}
      }}}}}
      """
    let error = try #require(failure(json))
    #expect(error.kind == .format)
    #expect(error.keyPath == #"strings["Files \"%lld\""].localizations["de"].variations.plural"#)
    #expect(error.line == 4)
  }

  @Test func aPluralFormWithoutAStringUnitIsNamed() throws {
    let json = """
      {"strings": {"k": {"localizations": {"en": {"variations": {"plural": {
        "other": {"value": "x"}
      }}}}}}}
      """
    let error = try #require(failure(json))
    #expect(error.kind == .structure)
    #expect(error.keyPath == #"strings["k"].localizations["en"].variations.plural.other"#)
    #expect(error.line == 2)
  }

  @Test func aDeviceVariationWithoutOtherFallsBackInsteadOfFailing() throws {
    let json = """
      {"strings": {"k": {"localizations": {"en": {"variations": {"device": {
        "mac": {"stringUnit": {"state": "translated", "value": "x"}}
      }}}}}}}
      """
    #expect(failure(json) == nil)
    let empty = """
      {"strings": {"k": {"localizations": {"en": {"variations": {"device": {}}}}}}}
      """
    let error = try #require(failure(empty))
    #expect(error.keyPath == #"strings["k"].localizations["en"].variations.device"#)
    #expect(error.message.contains("no device variations"))
  }

  @Test func aBrokenSubstitutionFormPointsAtItsText() throws {
    let json = """
      {"strings": {"k": {"localizations": {"nl": {
        "stringUnit": {"state": "translated", "value": "%#@n@ left"},
        "substitutions": {"n": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
          "one": {"stringUnit": {"state": "translated", "value": "%arg"}},
          "other": {"stringUnit": {"state": "translated", "value": "%c loops"}}
        }}}}
      }}}}}
      """
    let error = try #require(failure(json))
    #expect(error.kind == .format)
    #expect(error.keyPath == #"strings["k"].localizations["nl"].stringUnit.value"#)
    #expect(error.line == 5)
  }

  @Test func aBadArgumentNumberNamesTheSubstitution() throws {
    let json = """
      {"strings": {"k": {"localizations": {"nl": {
        "stringUnit": {"state": "translated", "value": "%#@n@"},
        "substitutions": {"n": {"argNum": 0}}
      }}}}}
      """
    let error = try #require(failure(json))
    #expect(error.keyPath == #"strings["k"].localizations["nl"].substitutions["n"].argNum"#)
  }
}
