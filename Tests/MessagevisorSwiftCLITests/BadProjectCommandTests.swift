import Foundation
import MessagevisorSwiftCLI
import TestSupport
import Testing

/// A broken or incomplete project makes the commands report, never crash.
@Suite struct BadProjectCommandTests {
  @Test func cliReportsErrorsWithoutCrashing() {
    let project = TempProject.minimal()
    project.write(
      "segments/odd.yml", "conditions:\n  - attribute: platform\n    operator: nope\n    value: x\n"
    )
    let output = CLIOutput(capture: true)
    let status = MessagevisorCLI.run(
      ["test", "--projectDirectoryPath=\(project.path)"], output: output)
    #expect(status == 1)
    #expect(output.standardError.contains("segments/odd.yml:3"))
  }

  @Test func buildingAProjectWithoutTargetsSaysWhatGoesInOne() {
    let project = TempProject.minimal()
    try? FileManager.default.removeItem(atPath: project.path + "/targets")
    let output = CLIOutput(capture: true)
    let status = BuildCommand.run(
      {
        var options = BuildCommand.Options()
        options.project.projectDirectoryPath = project.path
        return options
      }(), output: output)
    #expect(status == 0)
    #expect(output.standardError.contains("the project has no targets"), "\(output.standardError)")
    #expect(output.standardError.contains("includeMessages"), "\(output.standardError)")
    #expect(output.standardError.contains("docs/project-format.md#targets"))
  }
}
