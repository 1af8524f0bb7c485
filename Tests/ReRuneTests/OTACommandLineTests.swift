import Foundation
import ReRune
import Testing

/// Runs the built `messagevisor-swift` next to the test bundle (skips with a message when absent).
@Suite("ReRune ota command line", .serialized)
struct OTACommandLineTests {
  static var binary: URL? {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var dir = runner.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = dir.appendingPathComponent("messagevisor-swift")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      dir.deleteLastPathComponent()
    }
    print(
      "[ReRuneTests] messagevisor-swift binary not found near \(runner.path); skipping CLI tests")
    return nil
  }

  /// Runs the binary with a bounded wait; returns (status, stdout).
  static func run(
    _ binary: URL, _ arguments: [String], standardError: FileHandle = .nullDevice
  ) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = standardError
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let deadline = Date().addingTimeInterval(60)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning {
      process.terminate()
      return (-1, "timed out")
    }
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Issue 15, defect 14: a --locale the manifest lacks is an error (exit 2), not silence;
  /// defect 12: the examples name the demo site that exists (Demo/ota).
  @Test func checkOfAnUnknownLocaleFailsAndExamplesNameTheDemoSite() throws {
    guard let binary = Self.binary else { return }
    let site = TestSupport.temporaryDirectory("cli-site-locale")
    defer { try? FileManager.default.removeItem(at: site) }
    try TestSupport.manifest(version: 2, locales: ["de": 1]).write(
      to: site.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    try TestSupport.payload("de", ["a": "A"]).write(
      to: site.appendingPathComponent("de.xcstrings"), atomically: true, encoding: .utf8)
    let (status, output) = try Self.run(
      binary, ["ota", "check", "--site", site.path, "--no-cache", "--locale", "pt-BR"])
    #expect(status == 2, "\(output)")
    let (known, _) = try Self.run(
      binary, ["ota", "check", "--site", site.path, "--no-cache", "--locale", "de"])
    #expect(known == 0)
    let (_, help) = try Self.run(binary, ["ota", "--help"])
    #expect(help.contains("--site Demo/ota") && !help.contains("Demo/site"))
  }

  @Test func checkAndValidateALocalSite() throws {
    guard let binary = Self.binary else { return }
    let site = TestSupport.temporaryDirectory("cli-site")
    let cache = TestSupport.temporaryDirectory("cli-cache")
    defer {
      try? FileManager.default.removeItem(at: site)
      try? FileManager.default.removeItem(at: cache)
    }
    try TestSupport.manifest(version: 2, locales: ["de": 1, "fr": 1]).write(
      to: site.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    try TestSupport.payload("de", ["a": "A", "b": "B"]).write(
      to: site.appendingPathComponent("de.xcstrings"), atomically: true, encoding: .utf8)

    let (status, output) = try Self.run(
      binary, ["ota", "check", "--site", site.path, "--cache", cache.path, "--json"])
    #expect(status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    #expect(json["status"] as? String == "updated")
    #expect(json["revision"] as? Int == 2)
    #expect(json["updatedLocales"] as? [String] == ["de"])
    let locales = try #require(json["locales"] as? [String: [String: Any]])
    #expect(locales["de"]?["keys"] as? Int == 2)
    #expect(locales["fr"]?["outcome"] as? String == "failed")

    let (again, text) = try Self.run(
      binary, ["ota", "check", "--site", site.path, "--cache", cache.path])
    #expect(again == 0)
    #expect(text.contains("status: noChange"))
    #expect(text.contains("de  notModified"))

    let (validateStatus, report) = try Self.run(binary, ["ota", "validate", site.path])
    #expect(validateStatus == 1)
    #expect(report.contains("problem: locale \"fr\": payload"))

    let (failed, _) = try Self.run(
      binary,
      ["ota", "check", "--base-url", "http://127.0.0.1:1/api", "--publish-id", "x", "--no-cache"])
    #expect(failed == 1)
    let (usage, _) = try Self.run(binary, ["ota", "check"])
    #expect(usage == 2)
    let (help, helpText) = try Self.run(binary, ["ota", "validate", "--help"])
    #expect(help == 0)
    #expect(helpText.contains("EXAMPLES"))
  }
}
