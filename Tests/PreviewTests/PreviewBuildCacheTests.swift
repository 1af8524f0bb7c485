import Foundation
import TestSupport
import Testing

/// The previewer with the persistent build cache, run for real: a second start of an unchanged
/// project shows the same frame from the cache, and an edit shows up.
@Suite struct PreviewBuildCacheTests {
  /// A project big enough to be cached (500 message files or more).
  static func project() -> TempProject {
    let project = TempProject.minimal()
    for index in 0..<520 {
      project.write(
        "messages/bulk/item\(index).yml",
        "translations:\n  en: Item \(index)\n  nl: Ding \(index)\n")
    }
    return project
  }

  static func frame(_ project: String, cache: String, extra: [String] = []) -> Spawn.Result {
    Spawn.run(
      [
        "/usr/bin/env", "MESSAGEVISOR_CACHE_DIR=\(cache)", PreviewBinary.path, "--print",
        "--project", project, "--screen", "messages", "--no-watch", "--width", "100",
      ] + extra)
  }

  @Test func aSecondStartShowsTheSameFrameFromTheCacheAndAnEditShows() throws {
    let project = Self.project()
    let cache = NSTemporaryDirectory() + "mv-preview-cache-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let cold = Self.frame(project.path, cache: cache)
    #expect(cold.status == 0, "\(cold.error)")
    let written = try FileManager.default.contentsOfDirectory(atPath: cache)
    #expect(written.contains { $0.hasSuffix(".sources") }, "\(written)")
    let warm = Self.frame(project.path, cache: cache)
    #expect(warm.status == 0, "\(warm.error)")
    #expect(warm.output == cold.output)
    #expect(warm.output.contains("greeting"))
    let uncached = Self.frame(project.path, cache: cache, extra: ["--no-build-cache"])
    #expect(uncached.output == cold.output)
    project.write("messages/greeting.yml", "translations:\n  en: Edited greeting text\n")
    let edited = Self.frame(project.path, cache: cache)
    #expect(edited.output.contains("Edited greeting text"), "\(edited.output)")
  }

  @Test func anUnwritableCacheDirectoryDoesNotStopThePreviewer() throws {
    let project = Self.project()
    let blocker = NSTemporaryDirectory() + "mv-preview-blocker-\(UUID().uuidString)"
    _ = FileManager.default.createFile(atPath: blocker, contents: Data("a file".utf8))
    defer { try? FileManager.default.removeItem(atPath: blocker) }
    let result = Self.frame(project.path, cache: blocker + "/cache")
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("greeting"))
  }
}
