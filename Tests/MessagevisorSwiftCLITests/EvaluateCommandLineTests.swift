import Foundation
import Testing

@testable import MessagevisorProject
@testable import MessagevisorSwiftCLI

@Suite("evaluate: help and error wording")
struct EvaluateCommandLineTests {
  static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Demo/project")
    .path

  @Test func iterationsFlagOnlyInBenchmarkHelp() {
    #expect(!EvaluateCommandLine.spec.helpText.contains("-n, --n COUNT"))
    #expect(!EvaluateCommandLine.spec.helpText.contains("iterations"))
    #expect(BenchmarkCommandLine.spec.helpText.contains("-n, --n COUNT"))
  }

  @Test func badLocaleAndUnknownMessageAreTheCallersErrors() throws {
    guard FileManager.default.fileExists(atPath: Self.demo) else {
      print("[MessagevisorSwiftCLITests] Demo/project missing; skipping")
      return
    }
    let locale = CLIOutput(capture: true)
    let status = MessagevisorCLI.run(
      [
        "evaluate", "--projectDirectoryPath=\(Self.demo)", "--target=terminal", "--locale=xx",
        "--message=welcome_title",
      ], output: locale)
    #expect(status == 1)
    #expect(locale.standardError.contains("--locale"), "\(locale.standardError)")
    #expect(!locale.standardError.contains("targets/terminal.yml"), "\(locale.standardError)")
    let message = CLIOutput(capture: true)
    #expect(
      MessagevisorCLI.run(
        [
          "evaluate", "--projectDirectoryPath=\(Self.demo)", "--target=terminal",
          "--locale=en-US", "--message=nope",
        ], output: message) == 1)
    #expect(message.standardOutput.isEmpty, "\(message.standardOutput)")
    #expect(message.standardError.contains("nope"))
  }

  @Test func missingProjectPrintsOnlyTheError() {
    let output = CLIOutput(capture: true)
    let path = NSTemporaryDirectory() + "no-project-\(UUID().uuidString)"
    #expect(
      MessagevisorCLI.run(
        ["evaluate", "--projectDirectoryPath=\(path)", "--locale=en-US", "--message=a"],
        output: output) == 1)
    #expect(!output.standardError.contains("note:"), "\(output.standardError)")
    #expect(output.standardError.contains("error:"))
  }
}
