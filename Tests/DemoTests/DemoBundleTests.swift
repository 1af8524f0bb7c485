import Foundation
import Messagevisor
import Testing

@Suite("Demo bundled catalogs")
struct DemoBundleTests {
  private func catalog() throws -> MessagevisorValue {
    try DemoPaths.json(DemoPaths.resources.appendingPathComponent("Localizable.xcstrings"))
  }

  @Test func stringCatalogHasTheVisibleKeysTheBundleOnlyKeyAndAPlural() throws {
    let catalog = try catalog()
    #expect(catalog["sourceLanguage"] == "en")
    #expect(catalog["version"] == "1.0")
    let keys = Set(try #require(catalog["strings"]?.objectValue).keys)
    #expect(keys == Set(DemoPaths.seedKeys + [DemoPaths.bundleOnlyKey, "welcome_new_stories"]))
    #expect(!keys.contains(DemoPaths.otaOnlyKey))
    let plural = catalog[
      "strings", "welcome_new_stories", "localizations", "en", "variations", "plural"]
    #expect(plural?["one", "stringUnit", "value"] == "%lld new story")
    #expect(plural?["other", "stringUnit", "value"] == "%lld new stories")
  }

  @Test func stringCatalogKeepsTheJapaneseGap() throws {
    let catalog = try catalog()
    for key in DemoPaths.seedKeys {
      let japanese = catalog["strings", key, "localizations", "ja-JP", "stringUnit", "value"]
      if key == DemoPaths.gap.key {
        #expect(japanese == nil)
      } else {
        #expect(japanese?.stringValue?.isEmpty == false, "\(key) has ja-JP text")
      }
    }
  }

  @Test func englishStringCatalogMatchesTheSeedCopy() throws {
    let catalog = try catalog()
    #expect(
      catalog["strings", "welcome_title", "localizations", "en", "stringUnit", "value"]
        == "Welcome to ReRune")
    #expect(
      catalog["strings", "welcome_subtitle", "localizations", "en", "stringUnit", "value"]
        == "Pull down to fetch the latest published translations.")
    #expect(
      catalog[
        "strings", "welcome_refresh_state_checking", "localizations", "en", "stringUnit", "value"]
        == "Checking for updates...")
  }

  @Test func baseStringsAndStringsdictArePresent() throws {
    let base = DemoPaths.resources.appendingPathComponent("Base.lproj")
    let strings = try String(
      contentsOf: base.appendingPathComponent("Localizable.strings"), encoding: .utf8)
    for key in DemoPaths.seedKeys + [DemoPaths.bundleOnlyKey] {
      #expect(strings.contains("\"\(key)\" = \""), "\(key) in Localizable.strings")
    }
    #expect(!strings.contains(DemoPaths.otaOnlyKey))
    let plist = try Data(contentsOf: base.appendingPathComponent("Localizable.stringsdict"))
    let root =
      try PropertyListSerialization.propertyList(from: plist, format: nil) as? [String: Any]
    let entry = root?["welcome_new_stories"] as? [String: Any]
    #expect(entry?["NSStringLocalizedFormatKey"] as? String == "%#@stories@")
    let rule = entry?["stories"] as? [String: Any]
    #expect(rule?["NSStringFormatSpecTypeKey"] as? String == "NSStringPluralRuleType")
    #expect(rule?["one"] as? String == "%lld new story")
  }
}
