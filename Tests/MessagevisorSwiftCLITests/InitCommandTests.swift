import Foundation
import TestSupport
import Testing

@testable import MessagevisorProject
@testable import MessagevisorSwiftCLI

@Suite struct InitCommandTests {
  @Test func initWritesAProjectThatPassesTestAndLintWithoutAWarning() throws {
    let parent = TempProject()
    let path = parent.path + "/strings"
    let output = CLIOutput(capture: true)
    #expect(MessagevisorCLI.run(["init", path], output: output) == 0, "\(output.standardError)")
    #expect(output.standardOutput.contains("messagevisor-preview --project \(path)"))
    for file in InitCommand.files {
      #expect(FileManager.default.fileExists(atPath: path + "/" + file.path), "\(file.path)")
    }

    let test = CLIOutput(capture: true)
    #expect(
      MessagevisorCLI.run(["test", "--projectDirectoryPath", path], output: test) == 0,
      "\(test.standardOutput)\(test.standardError)")
    #expect(test.standardOutput.contains("Assertions: 4 passed, 0 failed"))
    #expect(!test.standardError.contains("implicit"), "\(test.standardError)")

    let lint = CLIOutput(capture: true)
    #expect(
      MessagevisorCLI.run(
        ["lint", "--projectDirectoryPath", path, "--format=json", "--severity=warning"],
        output: lint) == 0, "\(lint.standardOutput)")
    #expect(lint.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")

    let project = try ProjectLoader().load(path: path)
    #expect(project.locales.keys.sorted() == ["en", "nl"])
    #expect(project.messages["cart.items"]?.overrides.isEmpty == false)
  }

  @Test func initRefusesANonEmptyDirectoryAndChangesNothing() throws {
    let project = TempProject()
    project.write("notes.txt", "mine\n")
    let output = CLIOutput(capture: true)
    #expect(MessagevisorCLI.run(["init", project.path], output: output) == 1)
    #expect(output.standardError.contains("not empty"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: project.path) == ["notes.txt"])
  }

  @Test func initHasHelpAndTakesOneDirectory() {
    let help = CLIOutput(capture: true)
    #expect(MessagevisorCLI.run(["init", "--help"], output: help) == 0)
    #expect(help.standardOutput.contains("DIR"))
    #expect(help.standardOutput.contains("empty"))
    let top = CLIOutput(capture: true)
    _ = MessagevisorCLI.run(["--help"], output: top)
    #expect(top.standardOutput.contains("init"))
    let two = CLIOutput(capture: true)
    #expect(MessagevisorCLI.run(["init", "a", "b"], output: two) == 2)
  }

  static var previewBinary: URL? {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var dir = runner.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = dir.appendingPathComponent("messagevisor-preview")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      dir.deleteLastPathComponent()
    }
    return nil
  }

  @Test(.enabled(if: previewBinary != nil, "messagevisor-preview is not built"))
  func theInitProjectOpensInThePreviewer() throws {
    let parent = TempProject()
    let path = parent.path + "/strings"
    #expect(MessagevisorCLI.run(["init", path], output: CLIOutput(capture: true)) == 0)
    let binary = try #require(Self.previewBinary)
    let result = try ChildProcess.capture(
      [binary.path, "--print", "--project", path, "--width", "60", "--height", "20"],
      timeout: 120)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("Welcome"), "\(result.standardOutput)")
    #expect(result.standardOutput.contains("3 items in your cart"), "\(result.standardOutput)")
  }
}
