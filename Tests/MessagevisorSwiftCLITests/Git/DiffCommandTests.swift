import Foundation
import TestSupport
import Testing

@testable import MessagevisorProject
@testable import MessagevisorSwiftCLI

@Suite struct DiffCommandTests {
  /// Runs `messagevisor-swift diff ARGUMENTS` in `fixture`.
  func diff(_ fixture: GitFixture, _ arguments: String...) -> (status: Int32, output: CLIOutput) {
    let output = CLIOutput(capture: true)
    let status = MessagevisorCLI.run(
      ["diff", "--projectDirectoryPath", fixture.path] + arguments, output: output)
    return (status, output)
  }

  /// The `changes` of a JSON diff.
  func changes(_ output: CLIOutput) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8))
    return try #require((object as? [String: Any])?["changes"] as? [[String: Any]])
  }

  func change(
    _ list: [[String: Any]], _ type: String, locale: String? = nil, override: String? = nil
  )
    -> [String: Any]?
  {
    list.first {
      $0["type"] as? String == type && (locale == nil || $0["locale"] as? String == locale)
        && (override == nil || $0["overrideKey"] as? String == override)
    }
  }

  @Test func workingTreeChangesAreAddedRemovedAndModifiedWithPositions() throws {
    let fixture = try GitFixture.minimal()
    fixture.write(
      "messages/greeting.yml",
      """
      description: Greeting
      translations:
        en: Hello
        nl: Hallo daar
        de: Hallo
      overrides:
        - key: web
          segments: [web]
          translations:
            en: Hello web
        - key: ios
          conditions:
            - attribute: platform
              operator: equals
              value: ios
          translations:
            en: Hello iPhone

      """)
    fixture.write("messages/farewell.yml", "translations:\n  en: Bye\n")
    let (status, output) = diff(fixture, "--format", "json")
    #expect(status == 0)
    let list = try changes(output)
    let modified = try #require(change(list, "modified", locale: "nl"))
    #expect(modified["messageKey"] as? String == "greeting")
    #expect(modified["before"] as? String == "Hallo")
    #expect(modified["after"] as? String == "Hallo daar")
    let after = try #require(modified["afterLocation"] as? [String: Any])
    #expect(after["filePath"] as? String == "messages/greeting.yml")
    #expect(after["line"] as? Int == 4)
    #expect(after["column"] as? Int == 7)
    let added = try #require(change(list, "added", locale: "de"))
    #expect(added["after"] as? String == "Hallo")
    let removed = try #require(change(list, "removed", locale: "de"))
    #expect(removed["messageKey"] as? String == "farewell")
    #expect(removed["before"] as? String == "Tschüss")
    #expect((removed["beforeLocation"] as? [String: Any])?["line"] as? Int == 3)
    #expect(list.count == 3)
    #expect(output.standardOutput.contains("working tree"))
  }

  @Test func routingChangesCoverOverridesOrderConditionsAndSegments() throws {
    let fixture = try GitFixture.minimal()
    fixture.write(
      "segments/web.yml",
      "conditions:\n  - attribute: platform\n    operator: equals\n    value: www\n")
    fixture.write(
      "messages/greeting.yml",
      """
      description: Greeting
      translations:
        en: Hello
        nl: Hallo
      overrides:
        - key: ios
          conditions:
            - attribute: platform
              operator: equals
              value: ipados
          translations:
            en: Hello iPhone
        - key: web
          segments: [web]
          translations:
            en: Hello web
        - key: android
          conditions:
            - attribute: platform
              operator: equals
              value: android
          translations:
            en: Hello Android

      """)
    try fixture.commit("routing")
    let (status, output) = diff(fixture, "--from", "HEAD~1", "--to", "HEAD", "--format", "json")
    #expect(status == 0)
    let list = try changes(output)
    let reordered = try #require(change(list, "overridesReordered"))
    #expect(reordered["before"] as? String == "web, ios")
    #expect(reordered["after"] as? String == "ios, web")
    #expect(change(list, "overrideAdded", override: "android") != nil)
    #expect(
      change(list, "added", locale: "en", override: "android")?["after"] as? String
        == "Hello Android")
    let conditions = try #require(change(list, "conditionsChanged", override: "ios"))
    #expect((conditions["before"] as? String)?.contains("\"ios\"") == true)
    #expect((conditions["after"] as? String)?.contains("\"ipados\"") == true)
    #expect((conditions["afterLocation"] as? [String: Any])?["line"] as? Int == 8)
    let segment = try #require(change(list, "segmentChanged"))
    #expect(segment["segmentKey"] as? String == "web")
    #expect(list.allSatisfy { $0["routing"] as? Bool == true || $0["type"] as? String == "added" })

    fixture.write(
      "messages/greeting.yml",
      "description: Greeting\ntranslations:\n  en: Hello\n  nl: Hallo\n")
    let removed = try changes(diff(fixture, "--format", "json").output)
    #expect(removed.filter { $0["type"] as? String == "overrideRemoved" }.count == 3)
  }

  @Test func workflowStateChangesAreReportedPerLocale() throws {
    let fixture = try GitFixture.minimal()
    fixture.write(
      "messages/farewell.yml",
      """
      translations:
        en: Bye
        de: Tschüss
      translationStates:
        de: {status: reviewed, sourceHash: a, targetHash: b}

      """)
    try fixture.commit("review")
    fixture.write(
      "messages/farewell.yml",
      """
      translations:
        en: Bye
        de: Tschüss
      translationStates:
        de: {status: translated, sourceHash: a, targetHash: b}

      """)
    let list = try changes(diff(fixture, "--format", "json").output)
    let state = try #require(change(list, "stateChanged", locale: "de"))
    #expect(state["before"] as? String == "reviewed")
    #expect(state["after"] as? String == "translated")
    #expect(list.count == 1)
  }

  @Test func resolvedComparesEffectiveCopyAfterInheritance() throws {
    let fixture = try GitFixture.minimal()
    fixture.write("messages/farewell.yml", "translations:\n  en: Goodbye\n  de: Tschüss\n")
    let plain = try changes(diff(fixture, "--format", "json").output)
    #expect(plain.count == 1)
    #expect(change(plain, "modified", locale: "en") != nil)

    let resolved = try changes(diff(fixture, "--format", "json", "--resolved").output)
    let inherited = try #require(change(resolved, "modified", locale: "nl"))
    #expect(inherited["after"] as? String == "Goodbye")
    #expect(inherited["afterSourceLocale"] as? String == "en")
    #expect((inherited["afterLocation"] as? [String: Any])?["line"] as? Int == 2)
    #expect(change(resolved, "modified", locale: "de") == nil)

    let onlyDutch = try changes(
      diff(fixture, "--format", "json", "--resolved", "--locale", "nl").output)
    #expect(onlyDutch.count == 1)
  }

  @Test func markdownIsShapedForAPullRequestWithEscapedCodeSpans() throws {
    let fixture = try GitFixture.minimal()
    fixture.write(
      "messages/farewell.yml", "translations:\n  en: \"Use `a|b` now\\e[2J\"\n  de: Tschüss\n")
    let (status, output) = diff(fixture, "--format", "markdown")
    #expect(status == 0)
    let text = output.standardOutput
    #expect(text.hasPrefix("### Copy changes: `HEAD` → `working tree`"))
    #expect(text.contains("**1 message changed · 1 modified translation**"))
    #expect(text.contains("#### `farewell`"))
    #expect(
      text.contains("| ✏️ | `en` | `Bye` | ``Use `a\\|b` now␛[2J`` | `messages/farewell.yml:2:7` |"))
    #expect(!text.contains("\u{1B}"))
  }

  @Test func markdownListsStateAndRoutingChangesUnderTheMessage() throws {
    let fixture = try GitFixture.minimal()
    fixture.write(
      "messages/greeting.yml",
      """
      description: Greeting
      translations:
        en: Hello
        nl: Hallo
      translationStates:
        nl: {status: reviewed}
      overrides:
        - key: web
          segments: [web]
          translations:
            en: Hello web

      """)
    let text = diff(fixture, "--format", "markdown").output.standardOutput
    #expect(
      text.contains(
        "**1 message changed · 1 removed translation · 1 workflow-state change · 1 routing change**"
      ))
    #expect(
      text.contains("- workflow state `nl`: `untracked` → `reviewed` (`messages/greeting.yml:1:1`)")
    )
    #expect(text.contains("- override `ios` removed: `{\"conditions\":"))
    #expect(
      text.contains(
        "| ➖ | override `ios` · `en` | `Hello iPhone` |  | `messages/greeting.yml:16:11` |"))
  }

  @Test func unknownLocaleIsAUsageErrorWithASuggestion() throws {
    let fixture = try GitFixture.minimal()
    let (status, output) = diff(fixture, "--locale", "nll")
    #expect(status == 2)
    #expect(
      output.standardError.contains(
        "--locale nll: no such locale on either side (did you mean nl?)"))
  }

  @Test func terminalOutputNeutralizesControlsFromTheRepository() throws {
    let fixture = try GitFixture.minimal()
    fixture.write(
      "messages/farewell.yml", "translations:\n  en: \"Bye\\e]0;owned\\a\\u202E\"\n  de: Tschüss\n")
    let (status, output) = diff(fixture)
    #expect(status == 0)
    let text = output.standardOutput
    #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" })
    #expect(
      text.contains(
        "~ en: \"Bye\" → \"Bye\\u{001B}]0;owned\\u{0007}\\u{202E}\"  messages/farewell.yml:2:7"))
    #expect(text.contains("1 message changed · 1 modified translation"))
  }

  @Test func exitCodeReportsChangesOnlyWhenAsked() throws {
    let fixture = try GitFixture.minimal()
    #expect(diff(fixture, "--exit-code").status == 0)
    #expect(diff(fixture).output.standardOutput.contains("No copy changes."))
    fixture.write("messages/farewell.yml", "translations:\n  en: Goodbye\n  de: Tschüss\n")
    #expect(diff(fixture).status == 0)
    #expect(diff(fixture, "--exit-code").status == 1)
  }

  @Test func dirtyWorkingTreeIsComparedAndSaidSo() throws {
    let fixture = try GitFixture.minimal()
    #expect(!diff(fixture).output.standardOutput.contains("uncommitted"))
    fixture.write("messages/new.yml", "translations:\n  en: New\n")
    let (status, output) = diff(fixture, "--format", "json")
    #expect(status == 0)
    #expect(output.standardOutput.contains("uncommitted changes"))
    #expect(change(try changes(output), "messageAdded") != nil)
  }

  @Test func unknownRefIsAUsageErrorWithASuggestion() throws {
    let fixture = try GitFixture.minimal()
    try fixture.git("branch", "release")
    let before = try fixture.git("status", "--porcelain")
    let (status, output) = diff(fixture, "--from", "relase")
    #expect(status == 2)
    #expect(output.standardError.contains("unknown revision \"relase\""))
    #expect(output.standardError.contains("did you mean release?"))
    #expect(output.standardOutput.isEmpty)
    #expect(try fixture.git("status", "--porcelain") == before)
    #expect(diff(fixture, "--to", "-x").status == 2)
  }

  @Test func directoryOutsideAGitCheckoutIsAClearError() throws {
    let project = TempProject.minimal()
    let output = CLIOutput(capture: true)
    let status = MessagevisorCLI.run(
      ["diff", "--projectDirectoryPath", project.path], output: output)
    #expect(status == 3)
    #expect(output.standardError.contains("is not inside a git checkout"))
  }

  @Test func projectInASubdirectoryIsReadFromThatDirectoryOfEachRef() throws {
    let fixture = try GitFixture()
    fixture.write("app/strings/locales/en.yml", "description: English\n")
    fixture.write("app/strings/messages/title.yml", "translations:\n  en: Title\n")
    fixture.write("messages/title.yml", "translations:\n  en: Not this project\n")
    try fixture.commit("nested")
    fixture.write("app/strings/messages/title.yml", "translations:\n  en: New title\n")
    let output = CLIOutput(capture: true)
    let status = MessagevisorCLI.run(
      ["diff", "--projectDirectoryPath", fixture.path + "/app/strings", "--format", "json"],
      output: output)
    #expect(status == 0)
    let list = try changes(output)
    #expect(list.count == 1)
    #expect(list.first?["before"] as? String == "Title")
    #expect(list.first?["after"] as? String == "New title")
  }

  @Test func repositoryWithoutCommitsSaysToCommitFirst() throws {
    let fixture = try GitFixture()
    fixture.write("messages/title.yml", "translations:\n  en: Title\n")
    let (status, output) = diff(fixture)
    #expect(status == 3)
    #expect(output.standardError.contains("no commits yet"))
  }

  @Test func shallowCloneMissingTheRefSaysToFetchMore() throws {
    let fixture = try GitFixture.minimal()
    fixture.write("messages/farewell.yml", "translations:\n  en: Goodbye\n")
    try fixture.commit("second")
    let clone = TempProject()
    try fixture.git("clone", "-q", "--depth", "1", "file://" + fixture.path, clone.path + "/c")
    let output = CLIOutput(capture: true)
    let status = MessagevisorCLI.run(
      ["diff", "--projectDirectoryPath", clone.path + "/c", "--from", "HEAD~1"], output: output)
    #expect(status == 3)
    #expect(output.standardError.contains("shallow clone"))
    #expect(output.standardError.contains("git fetch --unshallow"))
  }

  @Test func projectThatDoesNotLoadAtARefNamesTheRefAndThePosition() throws {
    let fixture = try GitFixture.minimal()
    fixture.write("messages/farewell.yml", "translations:\n  en: [unclosed\n")
    try fixture.commit("broken")
    fixture.write("messages/farewell.yml", "translations:\n  en: Bye\n")
    let (status, output) = diff(fixture)
    #expect(status == 3)
    #expect(
      output.standardError.contains("the project does not load at HEAD: messages/farewell.yml:"))
    let working = diff(fixture, "--from", "HEAD~1", "--to", "HEAD")
    #expect(working.status == 3)
    fixture.write("messages/farewell.yml", "translations:\n  en: [unclosed\n")
    let broken = diff(fixture, "--from", "HEAD~1")
    #expect(broken.status == 3)
    #expect(broken.output.standardError.contains("in the working tree: messages/farewell.yml:"))
  }

  @Test func everySetIsComparedUnlessOneIsNamed() throws {
    let fixture = try GitFixture()
    fixture.write("messagevisor.config.yml", "sets: true\n")
    for set in ["mobile", "web"] {
      fixture.write("sets/\(set)/locales/en.yml", "description: English\n")
      fixture.write("sets/\(set)/messages/title.yml", "translations:\n  en: Title\n")
    }
    try fixture.commit("sets")
    fixture.write("sets/mobile/messages/title.yml", "translations:\n  en: Mobile title\n")
    fixture.write("sets/web/messages/title.yml", "translations:\n  en: Web title\n")
    let all = try changes(diff(fixture, "--format", "json").output)
    #expect(all.compactMap { $0["set"] as? String } == ["mobile", "web"])
    let web = try changes(diff(fixture, "--format", "json", "--set", "web").output)
    #expect(web.compactMap { $0["set"] as? String } == ["web"])
    let text = diff(fixture).output.standardOutput
    #expect(text.contains("Set mobile"))
    #expect(diff(fixture, "--set", "wbe").output.standardError.contains("did you mean web?"))
  }
}
