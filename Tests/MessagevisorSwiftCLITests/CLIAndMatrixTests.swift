import CommandLineKit
import Messagevisor
import TestSupport
import Testing

@testable import MessagevisorProject
@testable import MessagevisorSwiftCLI

@Suite struct CLIAndMatrixTests {
  // The command-line syntax is CommandLineKit's (see CommandLineKitTests); these check it on
  // the real declarations of the project commands.
  let test = MessagevisorCLI.program.route(["test"]).command
  let benchmark = MessagevisorCLI.program.route(["benchmark"]).command

  @Test func flagSyntaxes() throws {
    let parsed = try benchmark.parse(["--target=web", "--showDatafile", "-n", "5"])
    #expect(parsed["target"] == "web")
    #expect(parsed.flag("showDatafile"))
    #expect(parsed["n"] == "5")
    let spaced = try test.parse(["--target", "ios", "--normalizeSpaces=false"])
    #expect(spaced["target"] == "ios")
    #expect(!spaced.flag("normalizeSpaces"))
  }

  @Test func unknownFlagNamesItAndSuggestsTheValidOne() {
    do {
      _ = try test.parse(["--tagret=web"])
      Issue.record("expected an error")
    } catch {
      #expect(error.description.contains("--tagret"))
      #expect(error.description.contains("did you mean --target?"))
      #expect(error.description.contains("messagevisor-swift test --help"))
    }
  }

  @Test func valueFlagWithoutValue() {
    #expect(throws: CommandLineError.self) {
      try test.parse(["--target"])
    }
  }

  @Test func everyCommandHasHelp() {
    for command in ["test", "build", "evaluate", "benchmark", "examples"] {
      let output = CLIOutput(capture: true)
      #expect(MessagevisorCLI.run([command, "--help"], output: output) == 0)
      #expect(output.standardOutput.contains("EXAMPLES"))
      #expect(output.standardOutput.contains("messagevisor-swift \(command)"))
    }
    let output = CLIOutput(capture: true)
    #expect(MessagevisorCLI.run(["--help"], output: output) == 0)
    #expect(output.standardOutput.contains("COMMANDS"))
    #expect(MessagevisorCLI.run(["frobnicate"], output: output) == 2)
  }

  @Test func matrixExpandsInKeyOrderWithTypedSubstitution() throws {
    let node = try YAMLParser().parse(
      """
      matrix:
        label: [a, b]
        amount: [1, 2.5]
      description: Case ${{ label }} with ${{ amount }}
      values:
        amount: ${{ amount }}
      """)
    let expanded = MatrixExpansion.expand(node)
    #expect(expanded.count == 4)
    #expect(
      expanded.map { $0.node["description"]?.string } == [
        "Case a with 1", "Case a with 2.5", "Case b with 1", "Case b with 2.5",
      ])
    #expect(expanded[1].node["values"]?["amount"]?.value == .double(2.5))
    #expect(expanded[0].node["values"]?["amount"]?.scalar == .int(1))
    #expect(expanded[3].combination == 3)
    #expect(expanded[0].node["matrix"] == nil)
  }

  @Test func noMatrixIsOneAssertion() throws {
    let node = try YAMLParser().parse("description: plain\n")
    #expect(MatrixExpansion.expand(node).count == 1)
    #expect(MatrixExpansion.expand(node)[0].combination == nil)
  }

  @Test func valueNormalisation() {
    let value = TestValues.normalize([
      "when": "2026-05-12T08:30:45.678Z", "n": 2.0, "x": 2.5, "d": "2026-05-12",
    ])
    #expect(value.objectValue?["when"]?.dateValue != nil)
    if case .date = value.objectValue?["when"] {} else { Issue.record("expected a date") }
    if case .int(2) = value.objectValue?["n"] {} else { Issue.record("expected int 2") }
    #expect(value.objectValue?["x"] == 2.5)
    #expect(value.objectValue?["d"] == "2026-05-12")
  }

  @Test func spaceNormalisationAndRuntimePolicy() {
    #expect(TestValues.normalizeSpaces("1\u{202F}000\u{00A0}€") == "1 000 €")
    #expect(TestValues.normalizeSpaces("a\u{2009}b") == "a\u{2009}b")
    let expected = TestValues.expected(
      translation: "node", byRuntime: ["swift": "apple", "linux": "linux"], runtimeKeys: ["linux"])
    #expect(expected.text == "linux")
    let fallback = TestValues.expected(
      translation: "node", byRuntime: ["swift": "apple"], runtimeKeys: ["linux"])
    #expect(fallback.text == "node")
    #expect(fallback.source == "expectedTranslation")
  }

  @Test func subsetMatching() {
    #expect(
      TestValues.subsetMatches(expected: ["a": ["b": 1]], actual: ["a": ["b": 1, "c": 2]]) == nil)
    #expect(TestValues.subsetMatches(expected: ["a": "1"], actual: ["a": 1]) != nil)
    #expect(TestValues.subsetMatches(expected: ["a": [1, 2]], actual: ["a": [1, 2, 3]]) != nil)
  }

  @Test func globs() {
    #expect(Glob("auth*").matches("auth.signin"))
    #expect(!Glob("auth*").matches("xauth"))
    #expect(Glob("*").matches(""))
    #expect(Glob("a*b*c").matches("a-b-c"))
    #expect(!Glob("a.b").matches("axb"))
  }

  @Test func icuArgumentScanner() throws {
    let used = try ICUArgumentScanner.usedPresets(
      in:
        "{a, number, money} {b, date, short} {c, time, ::HHmm} '{d, number, quoted}' {n, plural, one {{x, number, decimal}} other {#}}"
    )
    #expect(used["number"] == ["money", "decimal"])
    #expect(used["date"] == ["short"])
    #expect(used["time"] == nil)
    #expect(throws: ICUArgumentScanner.Failure.self) {
      try ICUArgumentScanner.usedPresets(in: "{a")
    }
  }

  @Test func sha1() {
    #expect(SHA1.hex(of: Array("abc".utf8)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(SHA1.hex(of: []) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
  }
}

@Suite struct MatrixBoundTests {
  @Test func hugeMatricesAreBounded() throws {
    let list = "[" + (1...30).map(String.init).joined(separator: ", ") + "]"
    let node = try YAMLParser().parse(
      "matrix:\n  a: \(list)\n  b: \(list)\n  c: \(list)\ndescription: x\n")
    #expect(MatrixExpansion.expand(node).count == MatrixExpansion.maxCombinations)
  }

  @Test func revisionCounterDoesNotOverflow() {
    let project = TempProject.minimal()
    project.write(".messagevisor/REVISION", "\(Int.max)\n")
    #expect(BuildCommand.nextRevision(project.path + "/.messagevisor/REVISION") == "\(Int.max)")
    project.write(".messagevisor/REVISION", "41\n")
    #expect(BuildCommand.nextRevision(project.path + "/.messagevisor/REVISION") == "42")
    project.write(".messagevisor/REVISION", "v1\n")
    #expect(BuildCommand.nextRevision(project.path + "/.messagevisor/REVISION") == "v1")
  }
}
