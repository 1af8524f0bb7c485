import Testing

@testable import Preview

@Suite(
  "Base.lproj serves en-GB too (issue 15, defect 7)",
  .enabled(if: DemoFixture.demoExists, "Demo/ is missing"))
struct BundleSiblingTests {
  @Test func enGBShowsTheBundleOnlyNote() throws {
    let loop = try DemoFixture.loop(locale: "en-GB", width: 160, height: 60, inspect: true)
    let note = try #require(loop.state.content?.texts["welcome_bundle_note"])
    #expect(note.text == "Bundled text, shipped inside the app.")
    #expect(PreviewView.render(loop.state).plainText.contains("‹welcome_bundle_note›"))
    // Other languages do not borrow English bundle text (ja-JP keeps its real gap).
    let japanese = try DemoFixture.loop(locale: "ja-JP", width: 160, height: 60)
    #expect(japanese.state.content?.texts["story_caption"]?.text != "Live translation content")
  }
}
