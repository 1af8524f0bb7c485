import Foundation
import Testing

@testable import Preview

/// Advice the previewer gives names its own flags and the binary that was run, and misspelt
/// values get "did you mean".
@Suite struct PreviewAdviceTests {
  @Test func notAProjectNamesTheProjectFlagOfThePreviewer() throws {
    let directory = DemoFixture.temporaryDirectory("not-a-project")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    do {
      _ = try PreviewProjectLoader.load(path: directory, target: nil)
      Issue.record("an empty directory loaded")
    } catch {
      #expect(error.description.contains("not a Messagevisor project"), "\(error)")
      #expect(error.description.contains("--project DIR"), "\(error)")
      #expect(!error.description.contains("projectDirectoryPath"), "\(error)")
    }
  }

  @Test func noTargetsSaysWhatGoesInOne() {
    let description = PreviewProjectLoader.Failure.noTargets("p").description
    #expect(description.contains("the project has no targets"), "\(description)")
    #expect(description.contains("includeMessages: [\"*\"]"), "\(description)")
    #expect(description.contains("docs/project-format.md#targets"), "\(description)")
  }

  @Test func aMisspeltTargetGetsTheClosestOne() {
    do {
      _ = try PreviewProjectLoader.chooseTarget("termnal", in: ["terminal", "web"], path: "p")
      Issue.record("termnal was accepted")
    } catch {
      #expect(error.isUsageError)
      #expect(error.description.contains("did you mean terminal?"), "\(error.description)")
    }
  }
}

/// The real binary, outside a terminal and with misspelt values.
@Suite(
  "messagevisor-preview's advice names the binary that ran",
  .enabled(if: PreviewBinary.exists, "SKIPPED: .build/debug/messagevisor-preview is missing"))
struct PreviewBinaryAdviceTests {
  @Test func outsideATerminalTheAdviceNamesTheBinaryNotSwiftRun() throws {
    let directory = DemoFixture.temporaryDirectory("renamed-binary")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let renamed = directory + "/my-previewer"
    try FileManager.default.createSymbolicLink(
      atPath: renamed, withDestinationPath: PreviewBinary.path)
    let result = Spawn.run(
      ["/usr/bin/env", "TERM=xterm", renamed], directory: DemoFixture.packageRoot.path)
    #expect(result.status == 2, "\(result.error)")
    #expect(result.error.contains("not a terminal"), "\(result.error)")
    #expect(result.error.contains("\(renamed) --print"), "\(result.error)")
    #expect(!result.error.contains("swift run"), "\(result.error)")
  }

  @Test(.enabled(if: DemoFixture.demoExists, "Demo/ is missing"))
  func aMisspeltScreenGetsTheClosestOne() {
    let result = Spawn.run(
      [PreviewBinary.path, "--print", "--screen", "welcom"],
      directory: DemoFixture.packageRoot.path)
    #expect(result.status == 64, "\(result.error)")
    #expect(result.error.contains("did you mean welcome?"), "\(result.error)")
  }

  @Test(.enabled(if: DemoFixture.demoExists, "Demo/ is missing"))
  func aMisspeltLocaleGetsTheClosestOne() {
    let result = Spawn.run(
      [PreviewBinary.path, "--print", "--locale", "nl-NM"],
      directory: DemoFixture.packageRoot.path)
    #expect(result.status == 64, "\(result.error)")
    #expect(result.error.contains("did you mean nl-NL?"), "\(result.error)")
  }
}
