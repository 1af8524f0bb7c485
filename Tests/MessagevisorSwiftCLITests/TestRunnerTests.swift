import Messagevisor
import TestSupport
import Testing

@testable import MessagevisorProject
@testable import MessagevisorSwiftCLI

@Suite struct TestRunnerTests {
  static func project() -> TempProject {
    let project = TempProject.minimal()
    project.write(
      "tests/messages/greeting.spec.yml",
      """
      message: greeting
      assertions:
        - locale: nl
          target: all
          expectedTranslation: Hello
        - locale: en
          target: all
          context:
            platform: web
          expectedTranslation: Hello web
        - matrix:
            platform: [ios, web]
          description: platform ${{ platform }}
          locale: en
          target: all
          context:
            platform: ${{ platform }}
          expectedTranslation: Hello
          expectedByRuntime:
            linux: Hello
      """)
    project.write(
      "tests/segments/web.spec.yml",
      """
      segment: web
      assertions:
        - context: {platform: web}
          expectedToMatch: true
        - context: {platform: ios}
          expectedToMatch: false
      """)
    project.write(
      "tests/targets/all.spec.yml",
      """
      target: all
      assertions:
        - locale: nl
          expectedToIncludeMessages: [greeting]
          expectedFormats:
            number:
              money: {currency: USD}
      """)
    project.write(
      "tests/locales/en.spec.yml",
      """
      locale: en
      assertions:
        - expectedFormats:
            number:
              money: {style: currency}
      """)
    return project
  }

  @Test func runsEverySpecKind() throws {
    let temp = Self.project()
    let project = try ProjectLoader().load(path: temp.path)
    var options = TestRunOptions()
    options.target = "all"
    let summary = try TestRunner(project: project, options: options).run()
    #expect(summary.specs.count == 4)
    #expect(summary.assertionsPassed == 7)
    #expect(summary.assertionsFailed == 1)  // matrix platform=web expects Hello but gets Hello web
    let failed = summary.specs.flatMap(\.assertions).filter { !$0.passed }
    #expect(failed.first?.id == "tests/messages/greeting.spec.yml#3.2")
    #expect(failed.first?.description == "Assertion #3, matrix #2: platform web")
    #expect(failed.first?.actual == "Hello web")
    #expect(failed.first?.expectedSource == "expectedByRuntime.linux")
  }

  @Test func patternsFilterSpecsAndAssertions() throws {
    let temp = Self.project()
    let project = try ProjectLoader().load(path: temp.path)
    var options = TestRunOptions()
    options.target = "all"
    options.keyPattern = "^web$"
    let bySegment = try TestRunner(project: project, options: options).run()
    #expect(bySegment.specs.map(\.subject) == ["web"])
    options.keyPattern = nil
    options.assertionPattern = "matrix #1"
    let byAssertion = try TestRunner(project: project, options: options).run()
    #expect(byAssertion.specs.flatMap(\.assertions).count == 1)
    options.assertionPattern = "("
    #expect(throws: ProjectError.self) { try TestRunner(project: project, options: options).run() }
  }

  @Test func cliPrintsSummaryLinesAndExitCode() {
    let temp = Self.project()
    let output = CLIOutput(capture: true)
    let status = MessagevisorCLI.run(
      ["test", "--projectDirectoryPath=\(temp.path)", "--target=all", "--onlyFailures"],
      output: output)
    #expect(status == 1)
    #expect(output.standardOutput.contains("Test specs: 3 passed, 1 failed"))
    #expect(output.standardOutput.contains("Assertions: 7 passed, 1 failed"))
    #expect(!output.standardOutput.contains("tests/segments/web.spec.yml"))
    let json = CLIOutput(capture: true)
    _ = MessagevisorCLI.run(
      ["test", "--projectDirectoryPath", temp.path, "--target", "all", "--json"], output: json)
    let parsed = try? YAMLParser().parse(json.standardOutput).value
    #expect(parsed?.objectValue?["summary"]?.objectValue?["assertionsFailed"] == 1)
  }

  @Test func evaluateCommandTranslates() {
    let temp = Self.project()
    let output = CLIOutput(capture: true)
    let status = MessagevisorCLI.run(
      [
        "evaluate", "--projectDirectoryPath=\(temp.path)", "--target=all", "--locale=en",
        "--message=greeting", "--context={platform: web}",
      ], output: output)
    #expect(status == 0)
    #expect(output.standardOutput == "Hello web\n")
    let missing = CLIOutput(capture: true)
    #expect(
      MessagevisorCLI.run(["evaluate", "--projectDirectoryPath=\(temp.path)"], output: missing) == 1
    )
    #expect(missing.standardError.contains("--locale"))
  }
}
