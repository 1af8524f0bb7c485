import Foundation
import ReRune
import TestSupport
import Testing

/// `messagevisor-swift ota show` renders one string as the client does, and `ota check --json`
/// lists skipped entries per locale (runs the built binary; skips with a message when absent).
@Suite("ReRune ota show", .serialized)
struct OTAShowCommandTests {
  typealias W = XcodeCatalogWriter

  static func site() throws -> URL {
    let site = TestSupport.temporaryDirectory("show-site")
    try TestSupport.manifest(
      version: 3, locales: ["de": 1, "ko": 1],
      urls: ["de": "Localizable.xcstrings", "ko": "Localizable.xcstrings"]
    ).write(to: site.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    let catalog = W.catalog(strings: [
      "%lld %@ followers": W.entry(localizations: [
        "de": W.substituted(
          "%#@followers@",
          substitutions: [
            "followers": W.substitution(
              argNum: 1, forms: ["one": "%2$@ Follower", "other": "%2$@ Follower:innen"])
          ]),
        "ko": W.unit("%2$@ 팔로워"),
      ]),
      "files": W.entry(localizations: [
        "de": W.plural(["zero": "Keine Dateien", "one": "%lld Datei", "other": "%lld Dateien"]),
        "ko": W.unit("%lld개 파일 %#@missing@"),
      ]),
      "tap": W.entry(localizations: [
        "de": W.device(["iphone": W.unit("Tippen"), "mac": W.unit("Klicken")]),
        "ko": W.unit("탭\u{1B}[31m\u{202E}", state: "needs_review"),
      ]),
    ])
    try Data(catalog.utf8).write(to: site.appendingPathComponent("Localizable.xcstrings"))
    return site
  }

  static func show(_ site: URL, _ arguments: [String]) throws -> (Int32, String)? {
    guard let binary = OTACommandLineTests.binary else { return nil }
    return try OTACommandLineTests.run(
      binary, ["ota", "show", "--site", site.path, "--no-cache"] + arguments)
  }

  @Test func rendersPluralsSubstitutionsAndDevicesAsTheClientDoes() throws {
    let site = try Self.site()
    defer { try? FileManager.default.removeItem(at: site) }
    let key = "%lld %@ followers"
    let cases: [([String], String)] = [
      (["--locale", "de", "--key", key, "--args", #"[1, "Ana"]"#], "Ana Follower\n"),
      (["--locale", "de", "--key", key, "--args", #"[7, "Ana"]"#], "Ana Follower:innen\n"),
      (["--locale", "ko", "--key", key, "--args", #"[7, "Ana"]"#], "Ana 팔로워\n"),
      (["--locale", "de", "--key", "files", "--args", "[0]"], "Keine Dateien\n"),
      (["--locale", "de", "--key", "files", "--args", "[1]"], "1 Datei\n"),
      (["--locale", "de-AT", "--key", "files", "--args", "[2]"], "2 Dateien\n"),
      (["--locale", "de", "--key", "tap"], "Tippen\n"),
      (["--locale", "de", "--key", "tap", "--device", "mac"], "Klicken\n"),
      (["--locale", "ko", "--key", "tap"], "탭␛[31m\n"),
    ]
    for (arguments, expected) in cases {
      guard let (status, output) = try Self.show(site, arguments) else { return }
      #expect(status == 0, "\(arguments)")
      #expect(output == expected, "\(arguments)")
    }
  }

  /// A successful show writes the text and nothing else: the engine's `info` start-up
  /// diagnostic (`sdk_initialized`) is not printed on standard error.
  @Test func aSuccessfulShowWritesNothingOnStandardError() throws {
    guard let binary = OTACommandLineTests.binary else { return }
    let site = try Self.site()
    defer { try? FileManager.default.removeItem(at: site) }
    let directory = TestSupport.temporaryDirectory("show-stderr")
    defer { try? FileManager.default.removeItem(at: directory) }
    let error = directory.appendingPathComponent("stderr")
    try Data().write(to: error)
    let (status, output) = try OTACommandLineTests.run(
      binary,
      [
        "ota", "show", "--site", site.path, "--no-cache", "--locale", "de", "--key", "files",
        "--args", "[2]",
      ], standardError: try FileHandle(forWritingTo: error))
    #expect(status == 0)
    #expect(output == "2 Dateien\n")
    #expect(try String(contentsOf: error, encoding: .utf8) == "")
  }

  @Test func jsonListAndErrors() throws {
    let site = try Self.site()
    defer { try? FileManager.default.removeItem(at: site) }
    guard
      let (status, output) = try Self.show(
        site, ["--locale", "de", "--key", "files", "--args", "[3]", "--json"])
    else { return }
    #expect(status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    #expect(json["text"] as? String == "3 Dateien")
    #expect(json["kind"] as? String == "plural")
    #expect(json["arguments"] as? [String] == ["integer"])

    // JSON output keeps the value but writes a bidi override as an escape, never raw.
    guard let (_, bidi) = try Self.show(site, ["--locale", "ko", "--key", "tap", "--json"])
    else { return }
    #expect(!bidi.unicodeScalars.contains("\u{202E}") && !bidi.unicodeScalars.contains("\u{1B}"))
    let bidiJSON = try #require(
      try JSONSerialization.jsonObject(with: Data(bidi.utf8)) as? [String: Any])
    #expect(bidiJSON["text"] as? String == "탭\u{1B}[31m\u{202E}")

    guard let (listStatus, list) = try Self.show(site, ["--locale", "ko", "--list"]) else { return }
    #expect(listStatus == 0)
    #expect(list.contains("needs_review"))
    #expect(list.contains("skipped: files"))

    guard let (skipped, _) = try Self.show(site, ["--locale", "ko", "--key", "files"]) else {
      return
    }
    #expect(skipped == 1)
    guard let (missingArgs, _) = try Self.show(site, ["--locale", "de", "--key", "files"]) else {
      return
    }
    #expect(missingArgs == 1)
    guard let (usage, _) = try Self.show(site, ["--key", "files"]) else { return }
    #expect(usage == 2)
    guard let binary = OTACommandLineTests.binary else { return }
    let (helpStatus, help) = try OTACommandLineTests.run(binary, ["ota", "show", "--help"])
    #expect(helpStatus == 0 && help.contains("USAGE\n  messagevisor-swift ota show "))
  }

  @Test func checkJSONReportsSkippedEntriesPerLocale() throws {
    let site = try Self.site()
    defer { try? FileManager.default.removeItem(at: site) }
    guard let binary = OTACommandLineTests.binary else { return }
    let (status, output) = try OTACommandLineTests.run(
      binary, ["ota", "check", "--site", site.path, "--no-cache", "--json"])
    #expect(status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let locales = try #require(json["locales"] as? [String: [String: Any]])
    #expect(locales["de"]?["skipped"] == nil)
    #expect(locales["de"]?["keys"] as? Int == 3)
    let skipped = try #require(locales["ko"]?["skipped"] as? [[String: Any]])
    #expect(skipped.count == 1)
    #expect(skipped.first?["key"] as? String == "files")
    #expect(skipped.first?["locale"] as? String == "ko")
    #expect(skipped.first?["file"] as? String == "Localizable.xcstrings")
    #expect((skipped.first?["line"] as? Int ?? 0) > 1)
  }
}
