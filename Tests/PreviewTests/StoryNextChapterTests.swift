import Foundation
import Testing

@testable import Preview

@Suite("The Story screen's next-chapter sample is the documented date (issue 15, defect 1)")
struct StoryNextChapterTests {
  @Test func nextChapterIsNewYear2027() throws {
    guard DemoFixture.demoExists else {
      print("[PreviewTests] Demo/ missing; skipping nextChapterIsNewYear2027")
      return
    }
    let readme = try String(
      contentsOf: DemoFixture.packageRoot.appendingPathComponent("Demo/README.md"), encoding: .utf8)
    #expect(readme.contains("2027-01-01 12:00 UTC"))
    let loop = try DemoFixture.loop(locale: "en-GB", width: 100, screen: "story")
    let text = try #require(loop.state.content?.text("story_next_chapter").text)
    #expect(text.contains("2027"), "\(text)")
    #expect(!text.contains("2026"), "\(text)")
  }
}
