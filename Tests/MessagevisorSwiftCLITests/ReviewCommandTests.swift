import Foundation
import MessagevisorProject
import TestSupport
import Testing

@testable import MessagevisorSwiftCLI

@Suite struct ReviewCommandTests {
  func text(_ project: TempProject, _ path: String) throws -> String {
    try String(contentsOfFile: project.path + "/" + path, encoding: .utf8)
  }

  @Test func previewThenApplyRecordsReviewsWithMinimalEdits() throws {
    let project = readinessProject()
    let preview = project.path + "/review.json"
    let plan = try text(project, "messages/plan.yml")
    let greeting = try text(project, "messages/greeting.yml")
    let (status, output) = runCLI([
      "review", "--projectDirectoryPath", project.path, "--locale", "nl", "--status", "reviewed",
      "--output", preview,
    ])
    #expect(status == 0, "\(output.standardError)")
    #expect(output.standardOutput.contains("Review preview: 3 translations of nl → reviewed"))
    #expect(output.standardOutput.contains("messages/farewell.yml:4:7  farewell  stale → reviewed"))
    #expect(
      output.standardOutput.contains("messages/plan.yml:14:11  plan:pro  untracked → reviewed"))
    #expect(try text(project, "messages/plan.yml") == plan, "a preview writes no project file")
    let previewJSON = try jsonObject(try String(contentsOfFile: preview, encoding: .utf8))
    #expect(previewJSON["kind"] as? String == "messagevisor-review-preview")
    #expect((previewJSON["changes"] as? [Any])?.count == 3)
    #expect((previewJSON["checksum"] as? String)?.count == 64)

    let (applied, applyOutput) = runCLI([
      "review", "--projectDirectoryPath", project.path, "--apply", "--input", preview,
    ])
    #expect(applied == 0, "\(applyOutput.standardError)")
    #expect(applyOutput.standardOutput.contains("Applied 3 changes (nl → reviewed) in 2 files"))
    #expect(try text(project, "messages/greeting.yml") == greeting, "already reviewed: untouched")
    let hash = TranslationReviewState.hash
    #expect(
      try text(project, "messages/plan.yml")
        == plan
        .replacingOccurrences(
          of: "  de: Kostenlos\n",
          with: "  de: Kostenlos\ntranslationStates:\n  nl:\n    status: reviewed\n"
            + "    sourceHash: \"\(hash("Free"))\"\n    targetHash: \"\(hash("Gratis"))\"\n"
        )
        .replacingOccurrences(
          of: "      nl: Pro\n",
          with: "      nl: Pro\n    translationStates:\n      nl:\n        status: reviewed\n"
            + "        sourceHash: \"\(hash("Pro"))\"\n        targetHash: \"\(hash("Pro"))\"\n"))
    #expect(
      try text(project, "messages/farewell.yml").contains(
        "    sourceHash: \"\(hash("Bye now"))\"\n"))

    // Now every nl translation is reviewed and current.
    let (ready, readyOutput) = runCLI([
      "readiness", "--projectDirectoryPath", project.path, "--locale", "nl", "--requireReviewed",
    ])
    #expect(ready == 0, "\(readyOutput.standardOutput)")
  }

  @Test func applyRefusesWhenAFileChangedSinceThePreviewAndWritesNothing() throws {
    let project = readinessProject()
    let preview = project.path + "/review.json"
    #expect(
      runCLI([
        "review", "--projectDirectoryPath", project.path, "--locale", "nl", "--status",
        "reviewed", "--output", preview,
      ]).status == 0)
    let farewell = try text(project, "messages/farewell.yml").replacingOccurrences(
      of: "nl: Doei", with: "nl: Dag")
    project.write("messages/farewell.yml", farewell)
    let plan = try text(project, "messages/plan.yml")
    let (status, output) = runCLI([
      "review", "--projectDirectoryPath", project.path, "--apply", "--input", preview,
    ])
    #expect(status == 1)
    #expect(output.standardError.contains("changed since the preview"))
    #expect(output.standardError.contains("messages/farewell.yml (modified)"))
    #expect(!output.standardError.contains("plan.yml"))
    #expect(try text(project, "messages/plan.yml") == plan)
    #expect(try text(project, "messages/farewell.yml") == farewell)

    // A message that starts to match is named as new.
    let second = project.path + "/second.json"
    #expect(
      runCLI([
        "review", "--projectDirectoryPath", project.path, "--locale", "de", "--status",
        "translated", "--output", second,
      ]).status == 0)
    project.write("messages/extra.yml", "translations:\n  en: Extra\n  de: Extra\n")
    let (again, againOutput) = runCLI([
      "review", "--projectDirectoryPath", project.path, "--apply", "--input", second,
    ])
    #expect(again == 1)
    #expect(againOutput.standardError.contains("messages/extra.yml (new)"))
  }

  @Test func draftAndTranslatedChangeOnlyTheStatus() throws {
    let project = readinessProject()
    let preview = project.path + "/review.json"
    let farewell = try text(project, "messages/farewell.yml")
    #expect(
      runCLI([
        "review", "--projectDirectoryPath", project.path, "--locale", "nl", "--status",
        "translated", "--message", "fare*", "--output", preview,
      ]).status == 0)
    let (status, output) = runCLI([
      "review", "--projectDirectoryPath", project.path, "--apply", "--input", preview,
    ])
    #expect(status == 0, "\(output.standardError)")
    #expect(
      try text(project, "messages/farewell.yml")
        == farewell.replacingOccurrences(
          of: "  nl:\n    status: reviewed\n", with: "  nl:\n    status: translated\n"))
  }

  @Test func usageErrorsSayWhatToFix() {
    let project = readinessProject()
    let path = project.path
    let source = runCLI([
      "review", "--projectDirectoryPath", path, "--locale", "en", "--status", "reviewed",
    ])
    #expect(source.status == 2)
    #expect(source.output.standardError.contains("en is the source locale"))
    let typo = runCLI([
      "review", "--projectDirectoryPath", path, "--locale", "dee", "--status", "reviewed",
    ])
    #expect(typo.status == 2 && typo.output.standardError.contains("(did you mean de?)"))
    let noStatus = runCLI(["review", "--projectDirectoryPath", path, "--locale", "nl"])
    #expect(noStatus.status == 2 && noStatus.output.standardError.contains("missing --status"))
    let badStatus = runCLI([
      "review", "--projectDirectoryPath", path, "--locale", "nl", "--status", "done",
    ])
    #expect(badStatus.status == 2)
    let noInput = runCLI(["review", "--projectDirectoryPath", path, "--apply"])
    #expect(noInput.status == 2 && noInput.output.standardError.contains("--input"))
    project.write("bad.json", "{\"kind\": \"something else\"}\n")
    let bad = runCLI([
      "review", "--projectDirectoryPath", path, "--apply", "--input", path + "/bad.json",
    ])
    #expect(bad.status == 1)
    #expect(bad.output.standardError.contains("bad.json:1:1: not a review preview"))
  }

  @Test func aTranslationWithoutSourceTextIsSkippedWithTheReason() throws {
    let project = readinessProject()
    project.write("messages/orphan.yml", "translations:\n  nl: Wees\n")
    let preview = project.path + "/review.json"
    let (status, output) = runCLI([
      "review", "--projectDirectoryPath", project.path, "--locale", "nl", "--status", "reviewed",
      "--message", "orphan", "--output", preview,
    ])
    #expect(status == 0)
    #expect(output.standardOutput.contains("Review preview: 0 translations of nl → reviewed"))
    #expect(
      output.standardOutput.contains(
        "Skipped 1:\n  messages/orphan.yml:2:7  orphan nl: no en (source locale) text to review against"
      ))
  }

  @Test func withoutSetThePreviewCoversEverySetAndApplyWritesEach() throws {
    let project = TempProject()
    project.write("messagevisor.config.yml", "sets: true\nsourceLocale: en\n")
    for set in ["dev", "production"] {
      project.write("sets/\(set)/locales/en.yml", "description: English\n")
      project.write("sets/\(set)/locales/nl.yml", "description: Dutch\n")
      project.write(
        "sets/\(set)/messages/title.yml", "# \(set)\ntranslations:\n  en: Title\n  nl: Titel\n")
    }
    let preview = project.path + "/review.json"
    let (status, output) = runCLI([
      "review", "--projectDirectoryPath", project.path, "--locale", "nl", "--status", "draft",
      "--output", preview,
    ])
    #expect(status == 0, "\(output.standardError)")
    #expect(output.standardOutput.contains("sets/dev/messages/title.yml:4:7  [dev] title"))
    #expect(output.standardOutput.contains("[production] title  untracked → draft"))
    let (applied, applyOutput) = runCLI([
      "review", "--projectDirectoryPath", project.path, "--apply", "--input", preview,
    ])
    #expect(applied == 0, "\(applyOutput.standardError)")
    for set in ["dev", "production"] {
      #expect(
        try text(project, "sets/\(set)/messages/title.yml")
          == "# \(set)\ntranslations:\n  en: Title\n  nl: Titel\n"
          + "translationStates:\n  nl:\n    status: draft\n")
    }
  }

  @Test func editingReviewedOverrideCopyMakesItTranslated() throws {
    let original = """
      translations:
        en: Hello
      overrides:
        - key: pro
          segments: [pro]
          translations:
            en: Hi
            nl: Hoi
          translationStates:
            nl:
              status: reviewed
              sourceHash: "a"
              targetHash: "b"

      """
    let saved = try MessageFileEditor().savingTranslation(
      "Hallo", at: .override(0, locale: "nl"), in: Array(original.utf8))
    #expect(
      String(decoding: saved, as: UTF8.self)
        == original.replacingOccurrences(of: "nl: Hoi", with: "nl: Hallo")
        .replacingOccurrences(of: "status: reviewed", with: "status: translated"))
  }
}
