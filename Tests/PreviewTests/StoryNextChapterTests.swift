import Foundation
import Testing

@testable import Preview

@Suite("The Story screen's next-chapter sample is the documented date")
struct StoryNextChapterTests {
  @Test func nextChapterIsTheDocumentedDate() throws {
    guard DemoFixture.demoExists else {
      print("[PreviewTests] Demo/ missing; skipping nextChapterIsTheDocumentedDate")
      return
    }
    let root = DemoFixture.packageRoot
    let readme = try String(
      contentsOf: root.appendingPathComponent("Demo/README.md"), encoding: .utf8)
    let story = try String(
      contentsOf: root.appendingPathComponent("Demo/project/previews/story.yml"), encoding: .utf8)
    // The date the screen file passes is the one Demo/README documents.
    let line = try #require(story.split(separator: "\n").first { $0.contains("date:") })
    let iso = line.split(separator: "\"")[1]  // 2026-12-31T12:00:00Z
    let documented = iso.replacingOccurrences(of: "T", with: " ").replacingOccurrences(
      of: ":00Z", with: " UTC")
    #expect(readme.contains(documented), "Demo/README does not say \(documented)")
    let loop = try DemoFixture.loop(locale: "en-GB", width: 100, screen: "story")
    let text = try #require(loop.state.content?.text("story_next_chapter").text)
    #expect(text.contains(String(iso.prefix(4))), "\(text)")
  }
}
