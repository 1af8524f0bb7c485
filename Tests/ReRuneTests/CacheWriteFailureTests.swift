import Foundation
import ReRune
import Testing

/// Cache writes that fail are reported (result, `ota check` text, `--json`, exit status 4) instead
/// of a silent "updated".
@Suite("ReRune cache write failures are reported", .serialized)
struct CacheWriteFailureTests {
  /// A local site with `de` and `fr`, each payload about `size` bytes.
  static func site(_ root: URL, size: Int = 100) throws -> URL {
    let site = root.appendingPathComponent("site", isDirectory: true)
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    try TestSupport.manifest(version: 1, locales: ["de": 1, "fr": 1]).write(
      to: site.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    for locale in ["de", "fr"] {
      try TestSupport.payload(locale, ["title": String(repeating: "x", count: size)]).write(
        to: site.appendingPathComponent("\(locale).xcstrings"), atomically: true, encoding: .utf8)
    }
    return site
  }

  @Test func aCachePathThatIsARegularFileIsReportedInTheResult() async throws {
    let root = TestSupport.temporaryDirectory("cache-is-file")
    defer { try? FileManager.default.removeItem(at: root) }
    let site = try Self.site(root)
    let file = root.appendingPathComponent("cache")
    try Data("not a directory".utf8).write(to: file)
    let client = try ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: "p", updatePolicy: ReRuneUpdatePolicy(checkOnStart: false),
        source: .directory(site), cache: .directory(file), preferredLanguages: ["de"],
        usesMainBundle: false))
    let result = await client.checkForUpdates()
    #expect(result.status == .updated)
    #expect(result.cacheProblems.count == 3, "\(result.cacheProblems)")
    #expect(result.cacheProblems.contains { $0.contains("cannot store locale 'de'") })
    #expect(result.cacheProblems.contains { $0.contains("cannot store the manifest") })
    #expect(result.cacheProblems.allSatisfy { $0.contains("Not a directory") })
    #expect(try String(contentsOf: file, encoding: .utf8) == "not a directory")
  }

  @Test func otaCheckReportsACacheThatIsAFileInTextAndJSONAndExitsFour() throws {
    guard let binary = OTACommandLineTests.binary else { return }
    let root = TestSupport.temporaryDirectory("cli-cache-is-file")
    defer { try? FileManager.default.removeItem(at: root) }
    let site = try Self.site(root)
    let file = root.appendingPathComponent("cache")
    try Data("x".utf8).write(to: file)
    let arguments = ["ota", "check", "--site", site.path, "--cache", file.path]
    let (status, text, _) = try OTACheckExitStatusTests.run(binary, arguments)
    #expect(status == 4, "\(text)")
    #expect(text.contains("status: updated"))
    #expect(text.contains("cache problem: cache: cannot store locale 'de'"), "\(text)")
    #expect(text.contains("Not a directory"))
    let (_, help, _) = try OTACheckExitStatusTests.run(binary, ["ota", "check", "--help"])
    #expect(help.contains("4  the check ran, but the cache could not store all of it"))
    #expect(help.contains("flock on DIR/.lock"))
    let (jsonStatus, json, _) = try OTACheckExitStatusTests.run(binary, arguments + ["--json"])
    #expect(jsonStatus == 4)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let problems = try #require(object["cacheProblems"] as? [String])
    #expect(problems.count == 3, "\(problems)")
  }

  /// A full disk, simulated for the child process alone: `ulimit -f` makes every write past the
  /// limit fail with EFBIG (SIGXFSZ ignored), as ENOSPC would; the records and the manifest fit,
  /// the payloads do not.
  @Test func aFullDiskIsReportedAndExitsFour() throws {
    guard let binary = OTACommandLineTests.binary else { return }
    let root = TestSupport.temporaryDirectory("cli-full-disk")
    defer { try? FileManager.default.removeItem(at: root) }
    let site = try Self.site(root, size: 20_000)
    let cache = root.appendingPathComponent("cache", isDirectory: true)
    let command =
      "trap '' XFSZ; ulimit -f 8; exec \"$0\" ota check --site \"$1\" --cache \"$2\" --json"
    let (status, json, signalled) = try OTACheckExitStatusTests.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", command, binary.path, site.path, cache.path])
    #expect(!signalled)
    #expect(status == 4, "\(json)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["status"] as? String == "updated")
    let problems = try #require(object["cacheProblems"] as? [String])
    #expect(problems.count == 2, "\(problems)")
    #expect(problems.allSatisfy { $0.contains("File too large") }, "\(problems)")
    // Nothing half-written is left behind under a final name.
    let payloads = cache.appendingPathComponent("payloads").path
    #expect((try? FileManager.default.contentsOfDirectory(atPath: payloads)) ?? [] == [])
  }
}
