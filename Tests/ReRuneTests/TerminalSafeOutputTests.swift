import Foundation
import ReRune
import TestSupport
import Testing

/// Issue 16, findings 5, 9 and 10: the real `messagevisor-swift ota …` and
/// `messagevisor-preview publish` binaries, run as child processes on hostile sites, never let an
/// escape sequence, a bidi control, a separator or a stray joiner reach standard output or error.
@Suite("Terminal-safe CLI output", .serialized)
struct TerminalSafeOutputTests {
  /// OSC 52 (write the clipboard) and "clear screen": what a hostile name tries to send.
  static let hostile = "\u{1B}[2J\u{1B}]52;c;ZXZpbA==\u{7}\u{9B}31m\u{202E}\u{2028}a\u{200D}b"

  static func binary(_ name: String) -> URL? {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var dir = runner.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = dir.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      dir.deleteLastPathComponent()
    }
    print("[ReRuneTests] \(name) binary not found near \(runner.path); skipping CLI tests")
    return nil
  }

  typealias Output = ChildProcess.Captured

  /// Runs the binary (TestSupport's `ChildProcess`: output in files, an empty signal mask),
  /// waiting at most 60 s.
  static func run(_ binary: URL, _ arguments: [String]) throws -> Output {
    try ChildProcess.capture([binary.path] + arguments, timeout: 60)
  }

  /// Records every scalar of `text` that must not reach a terminal (LF and TAB are line layout).
  static func expectTerminalSafe(_ text: String, _ label: String) {
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
      let value = scalar.value
      let unsafe =
        (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
        || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        || value == 0x200E || value == 0x200F || value == 0x061C || value == 0x2028
        || value == 0x2029
      #expect(!unsafe, "\(label): U+\(String(value, radix: 16)) at scalar \(index)")
      if value == 0x200D {
        // Only inside the emoji sequences these tests use.
        let before = index > 0 ? scalars[index - 1].value : 0
        #expect(before >= 0x1F000, "\(label): a ZWJ after U+\(String(before, radix: 16))")
      }
    }
  }

  func write(_ text: String, _ url: URL) throws {
    try Data(text.utf8).write(to: url)
  }

  @Test func otaCheckAndValidateNeverPrintAHostileLocaleKeyRaw() throws {
    guard let binary = Self.binary("messagevisor-swift") else { return }
    let site = TestSupport.temporaryDirectory("hostile-site")
    defer { try? FileManager.default.removeItem(at: site) }
    let manifest: [String: Any] = [
      "version": 2, "locales": ["de": ["version": 1], "nl" + Self.hostile: ["version": 1]],
    ]
    try JSONSerialization.data(withJSONObject: manifest).write(
      to: site.appendingPathComponent("manifest.json"))
    try write(TestSupport.payload("de", ["a": "A"]), site.appendingPathComponent("de.xcstrings"))

    let check = try Self.run(binary, ["ota", "check", "--site", site.path, "--no-cache"])
    #expect(check.status == 1)
    Self.expectTerminalSafe(check.standardOutput, "ota check stdout")
    Self.expectTerminalSafe(check.standardError, "ota check stderr")
    // The key is named with its hidden characters spelt out.
    #expect(check.standardOutput.contains("locale key \"nl\\u{001B}[2J\\u{001B}]52;c;"))
    #expect(check.standardOutput.contains("\\u{202E}"))

    let json = try Self.run(binary, ["ota", "check", "--site", site.path, "--no-cache", "--json"])
    Self.expectTerminalSafe(json.standardOutput, "ota check --json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    #expect((object["errorMessage"] as? String)?.contains("U+202E (a bidi control)") == true)

    let validate = try Self.run(binary, ["ota", "validate", site.path])
    #expect(validate.status == 1)
    Self.expectTerminalSafe(validate.standardOutput, "ota validate stdout")
    #expect(validate.standardOutput.contains("locale key \"nl\\u{001B}[2J"))
  }

  @Test func otaCheckAndValidateNeverPrintHostileCatalogKeysOrPathsRaw() throws {
    guard let binary = Self.binary("messagevisor-swift") else { return }
    let parent = TestSupport.temporaryDirectory("hostile-catalog")
    defer { try? FileManager.default.removeItem(at: parent) }
    // The site's own directory name carries the escape sequences: it is echoed as the manifest
    // location and in the validation summary.
    let site = parent.appendingPathComponent("site" + Self.hostile, isDirectory: true)
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    try write(
      TestSupport.manifest(version: 2, locales: ["de": 1]),
      site.appendingPathComponent("manifest.json"))
    let catalog: [String: Any] = [
      "sourceLanguage": "en", "version": "1.0",
      "strings": [
        "k" + Self.hostile: [
          "localizations": ["de": ["stringUnit": ["state": "translated", "value": 5]]]
        ],
        "ok": [
          "localizations": [
            "de": ["stringUnit": ["state": "translated", "value": "v" + Self.hostile]]
          ]
        ],
      ],
    ]
    try JSONSerialization.data(withJSONObject: catalog).write(
      to: site.appendingPathComponent("de.xcstrings"))

    for arguments in [
      ["ota", "check", "--site", site.path, "--no-cache"],
      ["ota", "check", "--site", site.path, "--no-cache", "--json"],
      ["ota", "validate", site.path], ["ota", "validate", site.path, "--json"],
    ] {
      let result = try Self.run(binary, arguments)
      Self.expectTerminalSafe(result.standardOutput, arguments.joined(separator: " "))
      Self.expectTerminalSafe(result.standardError, arguments.joined(separator: " "))
      #expect(result.standardOutput.contains("manifest") || result.standardOutput.contains("site"))
      if arguments.contains("--json") {
        #expect(
          (try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))) != nil,
          "\(arguments) prints valid JSON")
      } else {
        // The catalog key is quoted with its hidden characters spelt out.
        #expect(result.standardOutput.contains("strings[\"k\\u{001B}[2J\\u{001B}]52;c;"))
      }
    }
  }

  @Test func publishRefusesBidiOverridesSeparatorsAndStrayJoinersAndEchoesSafely() throws {
    guard let binary = Self.binary("messagevisor-preview") else { return }
    let site = try PublishingTestSite()
    defer { site.remove() }
    func publish(_ key: String, _ value: String) throws -> Output {
      try Self.run(
        binary,
        [
          "publish", "--site", site.directory.path, "--locale", "nl-NL", "--key", key, "--value",
          value,
        ])
    }
    for (value, reason) in [
      ("Hallo \u{202E}dlrow", "U+202E"), ("a\u{2028}b", "U+2028"), ("Hal\u{200D}lo", "U+200D"),
      ("x\u{1B}[2J", "U+001B"),
    ] {
      let result = try publish("welcome_title", value)
      #expect(result.status == 1, "\(reason) refused")
      #expect(result.standardError.contains(reason))
      Self.expectTerminalSafe(result.standardError, "publish \(reason)")
    }
    let badKey = try publish("k" + Self.hostile, "x")
    #expect(badKey.status == 1)
    Self.expectTerminalSafe(badKey.standardError, "publish hostile key")
    #expect(badKey.standardError.contains("\"k\\u{001B}[2J"))

    // Allowed: isolates (used to write right-to-left text correctly) and emoji sequences. The
    // echo spells the isolates out; the emoji stay.
    let isolated = try publish("welcome_title", "Hallo \u{2067}עולם\u{2069} 👩\u{200D}💻")
    #expect(isolated.status == 0)
    Self.expectTerminalSafe(isolated.standardOutput, "publish echo")
    #expect(isolated.standardOutput.contains("\\u{2067}עולם\\u{2069} 👩\u{200D}💻"))
  }
}
