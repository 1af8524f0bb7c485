import Foundation
import Messagevisor
import TestSupport
import Testing

@testable import MessagevisorProject
@testable import MessagevisorSwiftCLI

/// A project with `sets: true` and three sets (dev, production, staging) whose message names
/// overlap (`app.title` in every set, with a different text in each) and whose test specs check
/// each set's own text.
private func threeSetProject() -> TempProject {
  let project = TempProject()
  project.write("messagevisor.config.yml", "sets: true\nmodules: [icu]\n")
  for (set, title) in [("dev", "Dev app"), ("staging", "Staging app"), ("production", "App")] {
    project.write("sets/\(set)/locales/en.yml", "description: English\n")
    project.write(
      "sets/\(set)/messages/app/title.yml",
      "description: Title\ntranslations:\n  en: \(title)\nexamples:\n  - locale: en\n")
    project.write("sets/\(set)/targets/web.yml", "includeMessages: '*'\n")
    project.write(
      "sets/\(set)/tests/app/title.spec.yml",
      """
      message: app.title
      assertions:
        - locale: en
          target: web
          expectedTranslation: \(title)

      """)
  }
  project.write(
    "sets/dev/messages/app/debug.yml", "description: Debug\ntranslations:\n  en: Debug\n")
  return project
}

@Suite struct ProjectEverySetTests {
  @Test func buildWithoutSetBuildsEverySetIntoItsOwnFolderWithItsOwnRevision() throws {
    let project = threeSetProject()
    let output = CLIOutput(capture: true)
    #expect(
      MessagevisorCLI.run(["build", "--projectDirectoryPath", project.path], output: output) == 0,
      "\(output.standardError)")
    for (set, title) in [("dev", "Dev app"), ("staging", "Staging app"), ("production", "App")] {
      let path = project.path + "/datafiles/\(set)/messagevisor-web-en.json"
      let datafile = try DatafileContent.fromJSON(try String(contentsOfFile: path, encoding: .utf8))
      #expect(datafile.revision == "1")
      #expect(try String(contentsOfFile: path, encoding: .utf8).contains(title))
      #expect(output.standardOutput.contains("of set \(set) at revision 1"))
    }
    let devFile = try String(
      contentsOfFile: project.path + "/datafiles/dev/messagevisor-web-en.json", encoding: .utf8)
    #expect(devFile.contains("app.debug"))
    #expect(
      !FileManager.default.fileExists(atPath: project.path + "/datafiles/messagevisor-web-en.json"))

    // --set builds one set, still into its folder, and only its revision moves on.
    #expect(
      MessagevisorCLI.run(
        ["build", "--projectDirectoryPath", project.path, "--set", "staging"], output: output) == 0)
    func revision(_ set: String) throws -> String? {
      let path = project.path + "/datafiles/\(set)/messagevisor-web-en.json"
      return try DatafileContent.fromJSON(try String(contentsOfFile: path, encoding: .utf8))
        .revision
    }
    #expect(try revision("staging") == "2")
    #expect(try revision("dev") == "1")
    #expect(try revision("production") == "1")
  }

  @Test func testWithoutSetRunsEverySetAndReportsEach() {
    let project = threeSetProject()
    let output = CLIOutput(capture: true)
    #expect(
      MessagevisorCLI.run(["test", "--projectDirectoryPath", project.path], output: output) == 0,
      "\(output.standardOutput)\(output.standardError)")
    let text = output.standardOutput
    for set in ["dev", "production", "staging"] { #expect(text.contains("Set \(set)\n")) }
    #expect(text.components(separatedBy: "Assertions: 1 passed, 0 failed").count == 4)

    // A failure in one set fails the run, and the report says which set.
    project.write(
      "sets/staging/messages/app/title.yml", "description: Title\ntranslations:\n  en: Wrong\n")
    let failing = CLIOutput(capture: true)
    #expect(
      MessagevisorCLI.run(["test", "--projectDirectoryPath", project.path], output: failing) == 1)
    let staging = failing.standardOutput.components(separatedBy: "Set staging\n").last ?? ""
    #expect(staging.contains("Assertions: 0 passed, 1 failed"))

    let json = CLIOutput(capture: true)
    _ = MessagevisorCLI.run(
      ["test", "--projectDirectoryPath", project.path, "--json"], output: json)
    let documents = json.standardOutput.split(separator: "\n")
    #expect(documents.count == 3)
    #expect(documents.allSatisfy { $0.contains("\"set\":") })
  }

  @Test func examplesAndLintWithoutSetVisitEverySet() {
    let project = threeSetProject()
    let output = CLIOutput(capture: true)
    #expect(
      MessagevisorCLI.run(["examples", "--projectDirectoryPath", project.path], output: output)
        == 0, "\(output.standardOutput)\(output.standardError)")
    for (set, title) in [("dev", "Dev app"), ("staging", "Staging app"), ("production", "App")] {
      let section = output.standardOutput.components(separatedBy: "Set \(set)\n").last ?? ""
      #expect(section.contains("\"\(title)\""))
    }
    for set in ["dev", "production", "staging"] {
      project.write(
        "sets/\(set)/messages/broken.yml", "description: Broken\ntranslations:\n  en: \"{oops\"\n")
    }
    let lint = CLIOutput(capture: true)
    _ = MessagevisorCLI.run(
      ["lint", "--projectDirectoryPath", project.path, "--format=json"], output: lint)
    for set in ["dev", "production", "staging"] {
      #expect(lint.standardOutput.contains("sets/\(set)/"), "\(lint.standardOutput)")
    }
  }

  @Test(arguments: ["build", "test", "lint", "examples"])
  func anUnknownSetIsAUsageErrorListingTheSets(command: String) {
    let project = threeSetProject()
    let output = CLIOutput(capture: true)
    #expect(
      MessagevisorCLI.run(
        [command, "--projectDirectoryPath", project.path, "--set", "stagin"], output: output) == 2)
    #expect(output.standardError.contains("dev, production, staging"))
    #expect(output.standardError.contains("did you mean staging?"))
    let far = CLIOutput(capture: true)
    #expect(
      MessagevisorCLI.run(
        [command, "--projectDirectoryPath", project.path, "--set", "qa"], output: far) == 2)
    #expect(!far.standardError.contains("did you mean"))
  }
}
