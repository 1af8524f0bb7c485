import Foundation
import TestSupport
import Testing

/// Issue 16: the real `messagevisor-swift` binary, run as a child process on hostile projects in
/// temporary directories. Translations, keys and file names never reach the terminal with an
/// escape sequence, a bidi control, a separator or a stray joiner (finding 5), and a YAML file
/// that amplifies through aliases fails fast, naming file and line, before anything is built or
/// written (finding 7).
@Suite(.serialized) struct HostileProjectCLITests {
  static let hostile = "\u{1B}[2J\u{1B}]52;c;ZXZpbA==\u{7}\u{9B}31m\u{202E}\u{2028}a\u{200D}b"

  static var binary: URL? {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var dir = runner.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = dir.appendingPathComponent("messagevisor-swift")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      dir.deleteLastPathComponent()
    }
    print("[MessagevisorSwiftCLITests] messagevisor-swift not found near \(runner.path); skipping")
    return nil
  }

  typealias Output = ChildProcess.Captured

  /// Runs the binary (TestSupport's `ChildProcess`: output in files, an empty signal mask),
  /// waiting at most 120 s.
  static func run(_ binary: URL, _ arguments: [String]) throws -> Output {
    try ChildProcess.capture([binary.path] + arguments, timeout: 120)
  }

  static func expectTerminalSafe(_ text: String, _ label: String) {
    for (index, scalar) in text.unicodeScalars.enumerated() {
      let value = scalar.value
      let unsafe =
        (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
        || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        || value == 0x200E || value == 0x200F || value == 0x2028 || value == 0x2029
        || value == 0x200D || value == 0x200C
      #expect(!unsafe, "\(label): U+\(String(value, radix: 16)) at scalar \(index)")
    }
  }

  /// A minimal project whose one message's English text is `text` (as a YAML double-quoted
  /// string, so every escape is spelt out in the file).
  static func project(translation text: String) -> TempProject {
    let project = TempProject()
    project.write("locales/en.yml", "description: English\n")
    var escaped = ""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 || scalar.value >= 0x7F || scalar == "\"" || scalar == "\\" {
        escaped += String(format: "\\U%08X", scalar.value)
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    project.write("messages/greeting.yml", "description: x\ntranslations:\n  en: \"\(escaped)\"\n")
    project.write("targets/swift.yml", "includeMessages: '*'\n")
    return project
  }

  @Test func evaluatePrintsAHostileTranslationNeutralized() throws {
    guard let binary = Self.binary else { return }
    let project = Self.project(translation: "Hi " + Self.hostile + " 👩\u{200D}💻")
    let result = try Self.run(
      binary,
      ["evaluate", "--projectDirectoryPath=\(project.path)", "--locale=en", "--message=greeting"])
    #expect(result.status == 0, "\(result.standardError)")
    Self.expectTerminalSafe(
      result.standardOutput.replacingOccurrences(of: "👩\u{200D}💻", with: ""), "evaluate stdout")
    #expect(
      result.standardOutput.hasPrefix("Hi ␛[2J␛]52;c;ZXZpbA==␇\u{FFFD}31m\u{FFFD}ab 👩\u{200D}💻"))

    // An unknown key given on the command line is echoed in a warning.
    let missing = try Self.run(
      binary,
      [
        "evaluate", "--projectDirectoryPath=\(project.path)", "--locale=en",
        "--message=nope" + Self.hostile,
      ])
    Self.expectTerminalSafe(missing.standardError, "evaluate stderr")
    #expect(missing.standardError.contains("nope␛[2J"))

    // --showDatafile prints JSON: escaped, so it still parses to the hostile text.
    let json = try Self.run(
      binary,
      [
        "build", "--projectDirectoryPath=\(project.path)", "--locale=en", "--target=swift",
        "--json",
      ])
    #expect(json.status == 0, "\(json.standardError)")
    Self.expectTerminalSafe(
      json.standardOutput.replacingOccurrences(of: "👩\u{200D}💻", with: ""), "build --json")
    let line = try #require(json.standardOutput.split(separator: "\n").first)
    let datafile = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    let translations = datafile?["translations"] as? [String: String]
    #expect(translations?["greeting"] == "Hi " + Self.hostile + " 👩\u{200D}💻")
  }

  @Test func testAndExamplesOutputIsNeutralized() throws {
    guard let binary = Self.binary else { return }
    let project = Self.project(translation: "x" + Self.hostile)
    project.write(
      "tests/greeting.spec.yml",
      """
      message: greeting
      assertions:
        - locale: en
          expectedToEqual: "y\\e[2J\\u202E"
      """)
    let result = try Self.run(binary, ["test", "--projectDirectoryPath=\(project.path)"])
    Self.expectTerminalSafe(result.standardOutput, "test stdout")
    Self.expectTerminalSafe(result.standardError, "test stderr")
  }

  @Test func aYAMLAliasBombFailsFastNamingFileAndLineAndBuildWritesNothing() throws {
    guard let binary = Self.binary else { return }
    let project = TempProject()
    project.write("locales/en.yml", "description: English\n")
    var bomb = "description: &big \"" + String(repeating: "x", count: 1_000_000) + "\"\n"
    bomb += "translations:\n  en: hi\nexamples:\n"
    for _ in 0..<3_000 { bomb += "  - *big\n" }
    project.write("messages/bomb.yml", bomb)
    project.write("targets/swift.yml", "includeMessages: '*'\n")

    let evaluate = try Self.run(
      binary,
      ["evaluate", "--projectDirectoryPath=\(project.path)", "--locale=en", "--message=bomb"])
    #expect(evaluate.status == 1)
    // 16 aliases of 1 MB fit in the 16 MiB budget; the 17th, on line 21, crosses it.
    #expect(evaluate.standardError.contains("messages/bomb.yml:21:"), "\(evaluate.standardError)")
    #expect(evaluate.standardError.contains("alias *big makes alias expansion exceed"))

    let build = try Self.run(binary, ["build", "--projectDirectoryPath=\(project.path)"])
    #expect(build.status == 1)
    #expect(build.standardError.contains("messages/bomb.yml:21:"))
    #expect(!FileManager.default.fileExists(atPath: project.path + "/datafiles"))
  }
}
