import Foundation
import TestSupport
import Testing

@testable import MessagevisorProject
@testable import MessagevisorSwiftCLI

/// Misspelt `--target`, `--locale`, `--message` and `--set` values name the closest valid one, as
/// misspelt options and commands do.
@Suite struct UnknownValueSuggestionTests {
  /// `TempProject.minimal()` (locales en, nl; target `all`; message `greeting`) with a target
  /// called `swift` (evaluate's default) as well.
  static func project() -> TempProject {
    let project = TempProject.minimal()
    project.write("targets/swift.yml", "includeMessages: '*'\n")
    return project
  }

  static func run(_ arguments: [String]) -> (status: Int32, error: String) {
    let output = CLIOutput(capture: true)
    let status = MessagevisorCLI.run(arguments, output: output)
    return (status, output.standardError + output.standardOutput)
  }

  @Test func evaluateSuggestsTheClosestTargetLocaleAndMessage() {
    let project = Self.project()
    let root = "--projectDirectoryPath=\(project.path)"
    let target = Self.run(["evaluate", root, "--target=swfit", "--locale=en", "--message=greeting"])
    #expect(target.status != 0)
    #expect(target.error.contains("did you mean swift?"), "\(target.error)")
    let locale = Self.run(["evaluate", root, "--locale=nll", "--message=greeting"])
    #expect(locale.status != 0)
    #expect(locale.error.contains("did you mean nl?"), "\(locale.error)")
    let message = Self.run(["evaluate", root, "--locale=en", "--message=greting"])
    #expect(message.status != 0)
    #expect(message.error.contains("did you mean greeting?"), "\(message.error)")
  }

  @Test func buildAndTestSuggestTheClosestTargetAndLocale() {
    let project = Self.project()
    let root = "--projectDirectoryPath=\(project.path)"
    let output = NSTemporaryDirectory() + "mv-suggest-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: output) }
    let build = Self.run(["build", root, "--target=al", "--datafilesDirectoryPath=\(output)"])
    #expect(build.status != 0)
    #expect(build.error.contains("did you mean all?"), "\(build.error)")
    let locale = Self.run([
      "build", root, "--target=all", "--locale=EN", "--datafilesDirectoryPath=\(output)",
    ])
    #expect(locale.status != 0)
    #expect(locale.error.contains("did you mean en?"), "\(locale.error)")
    let test = Self.run(["test", root, "--target=swfit"])
    #expect(test.status != 0)
    #expect(test.error.contains("did you mean swift?"), "\(test.error)")
  }

  @Test func aValueFarFromEveryNameGetsNoSuggestion() {
    let project = Self.project()
    let result = Self.run([
      "evaluate", "--projectDirectoryPath=\(project.path)", "--locale=ja-JP", "--message=greeting",
    ])
    #expect(result.status != 0)
    #expect(result.error.contains("unknown locale"), "\(result.error)")
    #expect(!result.error.contains("did you mean"), "\(result.error)")
  }

  @Test func theLoaderSuggestsTheClosestSet() throws {
    let project = TempProject()
    project.write("messagevisor.config.yml", "sets: true\n")
    for set in ["production", "staging"] {
      project.write("sets/\(set)/locales/en.yml", "description: English\n")
      project.write("sets/\(set)/targets/all.yml", "includeMessages: '*'\n")
    }
    do {
      _ = try ProjectLoader().load(path: project.path, set: "stagin")
      Issue.record("expected an error")
    } catch {
      #expect(error.message.contains("did you mean staging?"), "\(error.message)")
    }
  }
}
