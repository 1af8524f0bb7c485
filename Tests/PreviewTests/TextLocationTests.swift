import Foundation
import MessagevisorProject
import Testing

@testable import Preview

/// Where a resolved string is written comes from the positions the project load keeps: the base
/// translation's scalar, an override's, or the inherited locale's; nothing for text from outside
/// the project.
@Suite("Text locations from the project's source positions")
struct TextLocationTests {
  static func demoNotes() throws -> [String: MessageNotes] {
    let path = DemoFixture.packageRoot.appendingPathComponent("Demo/project").path
    let project = try #require(try PreviewProjectLoader.load(path: path, target: nil).project)
    return MessageNotes.of(project)
  }

  @Test(.enabled(if: DemoFixture.demoExists, "SKIPPED: Demo/ is missing"))
  func eachOriginPointsAtTheScalarThatHoldsItsText() throws {
    let notes = try #require(try Self.demoNotes()["legacy_banner"])
    // `translations:` is line 11 of the file; en-US is the first locale under it.
    #expect(
      notes.location(of: .base(layer: "project terminal"), locale: "en-US")?.description
        == "messages/legacy_banner.yml:12:10")
    #expect(
      notes.location(of: .base(layer: "project terminal"), locale: "nl-NL")?.description
        == "messages/legacy_banner.yml:13:10")
    #expect(
      notes.location(of: .inherited(from: "en-US", layer: "project"), locale: "en-GB")?
        .description == "messages/legacy_banner.yml:12:10")
    #expect(notes.location(of: .base(layer: "bundle"), locale: "en-US") == nil)
    #expect(notes.location(of: .otaOverlay(revision: 3), locale: "en-US") == nil)
  }

  @Test(.enabled(if: DemoFixture.demoExists, "SKIPPED: Demo/ is missing"))
  func anOverrideOriginPointsAtTheOverridesTranslation() throws {
    let notes = try #require(try Self.demoNotes()["welcome_price"])
    let location = try #require(notes.location(of: .override(key: "paid"), locale: "nl-NL"))
    #expect(location.file == "messages/welcome_price.yml")
    #expect(location.line == 21)
  }

  @Test(.enabled(if: DemoFixture.demoExists, "SKIPPED: Demo/ is missing"))
  func theStatusBarNamesTheSelectedStringsFileLineAndColumn() throws {
    let loop = try DemoFixture.loop(locale: "nl-NL", width: 140, height: 40, inspect: true)
    var state = loop.state
    state.inspectedKey = "legacy_banner"
    let text = PreviewView.render(state).plainText
    #expect(
      text.contains("‹legacy_banner› base project terminal · messages/legacy_banner.yml:13:10"))
  }
}
