import Foundation
import TestSupport
import Testing

@testable import MessagevisorProject
@testable import MessagevisorSwiftCLI

@Suite struct PromoteCommandTests {
  /// A generated project with three sets (dev, staging, production) whose message names overlap:
  /// `shared.title` everywhere (different copy in dev), `dev.only` and `locked` (promotable:
  /// false) only in dev, `prod.only` only in production, and `with.overrides` in dev and
  /// production with different overrides.
  static func threeSets(config: String = "sets: true\n") -> TempProject {
    let project = TempProject()
    project.write("messagevisor.config.yml", config)
    for set in ["dev", "staging", "production"] {
      project.write("sets/\(set)/locales/en.yml", "description: English\n")
      project.write("sets/\(set)/locales/nl.yml", "inheritTranslationsFrom: en\n")
      project.write("sets/\(set)/attributes/plan.yml", "type: string\n")
      project.write(
        "sets/\(set)/messages/shared/title.yml",
        "# the title\ntranslations:\n  en: Title\n  nl: Titel\n")
    }
    project.write(
      "sets/dev/messages/shared/title.yml",
      "# the title\ntranslations:\n  en: New title\n  nl: Titel\n")
    project.write("sets/dev/messages/dev/only.yml", "translations:\n  en: Only in dev\n")
    project.write(
      "sets/dev/messages/locked.yml", "promotable: false\ntranslations:\n  en: Locked\n")
    project.write("sets/production/messages/prod/only.yml", "translations:\n  en: Production\n")
    project.write(
      "sets/dev/messages/with/overrides.yml",
      """
      translations:
        en: Plans
      overrides:
        - key: pro
          conditions:
            - attribute: plan
              operator: equals
              value: pro
          translations:
            en: Pro plans
      description: Dev text

      """)
    project.write(
      "sets/production/messages/with/overrides.yml",
      """
      # production copy
      translations:
        en: Our plans
      overrides:
        - key: team
          conditions:
            - attribute: plan
              operator: equals
              value: team
          translations:
            en: Team plans

      """)
    return project
  }

  func promote(_ project: TempProject, _ arguments: String...) -> (status: Int32, output: CLIOutput)
  {
    let output = CLIOutput(capture: true)
    let status = MessagevisorCLI.run(
      ["promote", "--projectDirectoryPath", project.path] + arguments, output: output)
    return (status, output)
  }

  func read(_ project: TempProject, _ path: String) -> String? {
    try? String(contentsOfFile: project.path + "/" + path, encoding: .utf8)
  }

  /// Every file of the project and its bytes.
  func snapshot(_ project: TempProject) -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: project.path)
    while let item = enumerator?.nextObject() as? String {
      if let data = FileManager.default.contents(atPath: project.path + "/" + item) {
        result[item] = data
      }
    }
    return result
  }

  @Test func previewListsCreatesSkipsAndConflictsAndWritesNothing() throws {
    let project = Self.threeSets()
    let before = snapshot(project)
    let (status, output) = promote(project, "--from", "dev", "--to", "staging", "--json")
    // shared.title differs, and the default policy (fail) refuses to write while it does.
    #expect(status == 1)
    #expect(snapshot(project) == before)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
    let entities = try #require(object["entities"] as? [[String: Any]])
    func action(_ key: String) -> String? {
      entities.first {
        $0["entityKey"] as? String == key && $0["entityType"] as? String == "message"
      }?[
        "action"] as? String
    }
    #expect(action("dev.only") == "create")
    #expect(action("with.overrides") == "create")
    #expect(action("locked") == "skip")
    #expect(action("shared.title") == "conflict")
    #expect(object["applied"] as? Bool == false)
    #expect(output.standardError.contains("1 conflict"))
  }

  @Test func conflictsFailByDefaultAndNothingIsWritten() throws {
    let project = Self.threeSets()
    let before = snapshot(project)
    let (status, output) = promote(project, "--from", "dev", "--to", "staging", "--apply")
    #expect(status == 1)
    #expect(output.standardError.contains("sets/staging/messages/shared/title.yml"))
    #expect(output.standardError.contains("--conflicts=source"))
    #expect(snapshot(project) == before)
  }

  @Test func sourcePolicyReplacesDifferingEntitiesAndCreatesMissingOnes() throws {
    let project = Self.threeSets()
    let preview = promote(project, "--from", "dev", "--to", "staging", "--conflicts=source")
    #expect(preview.status == 0)
    #expect(
      preview.output.standardOutput.contains(
        "~ update message shared.title (differs in translations en)  sets/staging/messages/shared/title.yml"
      ))
    #expect(preview.output.standardOutput.contains("- skip message locked (promotable: false)"))
    let (status, output) = promote(
      project, "--from", "dev", "--to", "staging", "--conflicts=source", "--apply")
    #expect(status == 0)
    #expect(output.standardOutput.contains("wrote 3 files"))
    #expect(
      read(project, "sets/staging/messages/shared/title.yml")
        == read(project, "sets/dev/messages/shared/title.yml"))
    #expect(
      read(project, "sets/staging/messages/dev/only.yml") == "translations:\n  en: Only in dev\n")
    #expect(read(project, "sets/staging/messages/locked.yml") == nil)
    let loaded = try ProjectLoader().load(path: project.path, set: "staging")
    #expect(loaded.messages["shared.title"]?.translations["en"] == "New title")
    // A second run finds nothing left to do.
    let again = promote(project, "--from", "dev", "--to", "staging", "--apply")
    #expect(again.status == 0)
    #expect(again.output.standardOutput.contains("wrote 0 files"))
  }

  @Test func destinationPolicyKeepsDifferingEntities() throws {
    let project = Self.threeSets()
    let kept = read(project, "sets/production/messages/with/overrides.yml")
    let (status, output) = promote(
      project, "--from", "dev", "--to", "production", "--conflicts=destination", "--apply")
    #expect(status == 0)
    #expect(output.standardOutput.contains("! keep (destination wins) message with.overrides"))
    #expect(read(project, "sets/production/messages/with/overrides.yml") == kept)
    #expect(read(project, "sets/production/messages/dev/only.yml") != nil)
    #expect(
      read(project, "sets/production/messages/prod/only.yml") == "translations:\n  en: Production\n"
    )
  }

  @Test func excludeOverridesCopiesTheRestAndKeepsTheDestinationsOverrides() throws {
    let project = Self.threeSets()
    let (status, _) = promote(
      project, "--from", "dev", "--to", "production", "--conflicts=source", "--excludeOverrides",
      "--includeMessages", "with.*", "--apply")
    #expect(status == 0)
    let loaded = try ProjectLoader().load(path: project.path, set: "production")
    let message = try #require(loaded.messages["with.overrides"])
    #expect(message.translations["en"] == "Plans")
    #expect(message.overrides.map(\.key) == ["team"])
    #expect(loaded.messages["dev.only"] == nil)
    // Into a set without the message, the copy has no overrides at all.
    #expect(
      promote(
        project, "--from", "dev", "--to", "staging", "--excludeOverrides", "--includeMessages",
        "with.*", "--apply"
      ).status == 0)
    let staging = try ProjectLoader().load(path: project.path, set: "staging")
    #expect(staging.messages["with.overrides"]?.overrides.isEmpty == true)
    #expect(staging.messages["with.overrides"]?.translations["en"] == "Plans")
  }

  @Test func messageFiltersLimitWhatIsPromoted() throws {
    let project = Self.threeSets()
    let (status, output) = promote(
      project, "--from", "dev", "--to", "staging", "--excludeMessages", "shared.*,with.*",
      "--apply")
    #expect(status == 0)
    #expect(output.standardOutput.contains("- skip message shared.title (filtered out)"))
    #expect(read(project, "sets/staging/messages/dev/only.yml") != nil)
    #expect(read(project, "sets/staging/messages/with/overrides.yml") == nil)
  }

  @Test func promotionFlowsForbidOtherPromotions() throws {
    let project = Self.threeSets(
      config: "sets: true\npromotionFlows:\n  dev: staging\n  staging: [production]\n")
    let before = snapshot(project)
    let (status, output) = promote(
      project, "--from", "dev", "--to", "production", "--conflicts=source", "--apply")
    #expect(status == 1)
    #expect(
      output.standardError.contains("promotionFlows in the config does not allow dev → production"))
    #expect(snapshot(project) == before)
    #expect(promote(project, "--from", "dev", "--to", "staging", "--conflicts=source").status == 0)
  }

  @Test func promotionThatWouldBreakTheDestinationIsRefused() throws {
    let project = Self.threeSets()
    project.write(
      "sets/dev/segments/beta.yml",
      "promotable: false\nconditions:\n  - attribute: plan\n    operator: equals\n    value: beta\n"
    )
    project.write(
      "sets/dev/messages/beta/banner.yml",
      "translations:\n  en: Beta\noverrides:\n  - key: beta\n    segments: [beta]\n    translations:\n      en: Beta!\n"
    )
    let before = snapshot(project)
    let (status, output) = promote(
      project, "--from", "dev", "--to", "staging", "--conflicts=source", "--apply")
    #expect(status == 1)
    #expect(output.standardError.contains("after this promotion the set staging would not load"))
    #expect(output.standardError.contains("beta"))
    #expect(snapshot(project) == before)
  }

  @Test func unknownOrMissingSetsAreUsageErrors() throws {
    let project = Self.threeSets()
    let typo = promote(project, "--from", "dev", "--to", "stagign")
    #expect(typo.status == 2)
    #expect(typo.output.standardError.contains("did you mean staging?"))
    #expect(promote(project, "--from", "dev").status == 2)
    #expect(promote(project, "--from", "dev", "--to", "dev").status == 2)
  }
}
