import Messagevisor
import TestSupport
import Testing

@testable import MessagevisorProject
@testable import MessagevisorSwiftCLI

@Suite struct ProjectSetsTests {
  @Test func setsAreLoadedFromTheirDirectory() throws {
    let project = TempProject()
    project.write("messagevisor.config.yml", "sets: true\nnamespaceCharacter: \"/\"\n")
    #expect(throws: ProjectError.self) { try ProjectConfig.load(directory: project.path) }

    let valid = TempProject()
    valid.write("messagevisor.config.yml", "sets: true\nmodules: [icu]\n")
    valid.write("sets/mobile/locales/en.yml", "description: English\n")
    valid.write("sets/mobile/messages/app/title.yml", "description: x\ntranslations:\n  en: App\n")
    valid.write("sets/web/locales/en.yml", "description: English\n")
    let loaded = try ProjectLoader().load(path: valid.path, set: "mobile")
    #expect(loaded.messages.keys.sorted() == ["app.title"])
    #expect(throws: ProjectError.self) { try ProjectLoader().load(path: valid.path) }
    #expect(throws: ProjectError.self) { try ProjectLoader().load(path: valid.path, set: "tv") }
  }

  @Test func buildCommandWritesUpstreamFileNamesAndRevision() throws {
    let project = TempProject.minimal()
    let output = CLIOutput(capture: true)
    #expect(
      MessagevisorCLI.run(["build", "--projectDirectoryPath", project.path], output: output) == 0)
    let path = project.path + "/datafiles/messagevisor-all-nl.json"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let datafile = try DatafileContent.fromJSON(text)
    #expect(datafile.locale == "nl")
    #expect(datafile.revision == "1")
    #expect(
      MessagevisorCLI.run(["build", "--projectDirectoryPath=\(project.path)"], output: output) == 0)
    let again = try DatafileContent.fromJSON(try String(contentsOfFile: path, encoding: .utf8))
    #expect(again.revision == "2")
    let json = CLIOutput(capture: true)
    #expect(
      MessagevisorCLI.run(
        ["build", "--projectDirectoryPath=\(project.path)", "--json", "--revision=abc"],
        output: json)
        == 0)
    let lines = json.standardOutput.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.contains("\"revision\":\"abc\"") })
  }

  @Test func revisionFromHashIsStable() throws {
    let project = TempProject.minimal()
    project.write("targets/hashed.yml", "revisionFromHash: true\n")
    let loaded = try ProjectLoader().load(path: project.path)
    let builder = DatafileBuilder(
      project: loaded, evaluatePredicate: EngineBridge.evaluatePredicate)
    let first = try builder.build(target: "hashed", locale: "en", revision: "5")
    let second = try builder.build(target: "hashed", locale: "en", revision: "9")
    let revision = first.objectValue?["revision"]?.stringValue ?? ""
    #expect(revision.count == 40)
    #expect(first == second)
  }
}
