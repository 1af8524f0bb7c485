import Foundation
import Testing

/// `messagevisor-swift ota check --locale` with a misspelt locale names the closest one of the
/// manifest, as misspelt options do.
@Suite("ota check: did you mean for --locale")
struct OTALocaleSuggestionTests {
  static let site = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Demo/ota")

  @Test func aMisspeltLocaleGetsTheClosestOneOfTheManifest() throws {
    guard let binary = OTACommandLineTests.binary else { return }
    guard FileManager.default.fileExists(atPath: Self.site.path) else {
      print("SKIPPED: \(Self.site.path) is missing")
      return
    }
    let errorPath = NSTemporaryDirectory() + "ota-suggest-\(UUID().uuidString).err"
    try #require(FileManager.default.createFile(atPath: errorPath, contents: nil))
    defer { try? FileManager.default.removeItem(atPath: errorPath) }
    let handle = try #require(FileHandle(forWritingAtPath: errorPath))
    let (status, _) = try OTACommandLineTests.run(
      binary, ["ota", "check", "--site", Self.site.path, "--no-cache", "--locale", "nl-NK"],
      standardError: handle)
    try handle.close()
    let error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    #expect(status == 2, "\(error)")
    #expect(error.contains("not a locale of this manifest (did you mean nl-NL?)"), "\(error)")
  }
}
