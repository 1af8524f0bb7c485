import Foundation
import Messagevisor
import MessagevisorProject
import TestSupport
import Testing

@testable import MessagevisorSwiftCLI

/// A project with source locale `en`, `nl` (own copy), `nl-BE` (inherits `nl`) and `de`:
/// `greeting` is reviewed in nl and missing in de; `farewell`'s nl review is stale (its English
/// changed since); `plan` has an override whose nl copy is untracked and whose de copy is missing.
func readinessProject() -> TempProject {
  let project = TempProject()
  project.write("messagevisor.config.yml", "sourceLocale: en\nmodules: [icu]\n")
  project.write("locales/en.yml", "description: English\n")
  project.write("locales/nl.yml", "description: Dutch\n")
  project.write("locales/nl-BE.yml", "inheritTranslationsFrom: nl\n")
  project.write("locales/de.yml", "description: German\n")
  let hello = TranslationReviewState.hash("Hello")
  let hallo = TranslationReviewState.hash("Hallo")
  project.write(
    "messages/greeting.yml",
    """
    # The greeting.
    description: Greeting
    translations:
      en: Hello
      nl: Hallo
    translationStates:
      nl:
        status: reviewed
        sourceHash: "\(hello)"
        targetHash: "\(hallo)"

    """)
  project.write(
    "messages/farewell.yml",
    """
    description: Farewell
    translations:
      en: Bye now
      nl: Doei
      de: Tschüss
    translationStates:
      nl:
        status: reviewed
        sourceHash: "\(TranslationReviewState.hash("Goodbye"))"
        targetHash: "\(TranslationReviewState.hash("Doei"))"
      de:
        status: draft

    """)
  project.write(
    "messages/plan.yml",
    """
    description: Plan
    translations:
      en: Free
      nl: Gratis
      de: Kostenlos
    overrides:
      - key: pro
        conditions:
          - attribute: plan
            operator: equals
            value: pro
        translations:
          en: Pro
          nl: Pro

    """)
  project.write("attributes/plan.yml", "type: string\n")
  project.write("targets/web.yml", "includeMessages: ['greeting', 'plan']\nlocales: [en, nl]\n")
  return project
}

/// Runs `messagevisor-swift` with `arguments` and returns the exit status and the output.
func runCLI(_ arguments: [String]) -> (status: Int32, output: CLIOutput) {
  let output = CLIOutput(capture: true)
  return (MessagevisorCLI.run(arguments, output: output), output)
}

/// The JSON object `text` holds.
func jsonObject(_ text: String) throws -> [String: Any] {
  try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Suite struct ReadinessCommandTests {
  func entry(_ report: [String: Any], _ key: String, _ locale: String, override: String? = nil)
    -> [String: Any]?
  {
    (report["entries"] as? [[String: Any]])?.first {
      $0["messageKey"] as? String == key && $0["locale"] as? String == locale
        && $0["overrideKey"] as? String == override
    }
  }

  @Test func eachMessageAndOverrideInEachLocaleHasResolutionStatusAndPosition() throws {
    let project = readinessProject()
    let (status, output) = runCLI(["readiness", "--projectDirectoryPath", project.path, "--json"])
    #expect(status == 1, "missing and stale translations fail the default gates")
    let report = try jsonObject(output.standardOutput)
    #expect((report["entries"] as? [Any])?.count == 16, "4 owners × 4 locales")
    let greetingNL = try #require(entry(report, "greeting", "nl"))
    #expect(greetingNL["resolution"] as? String == "direct")
    #expect(greetingNL["status"] as? String == "reviewed")
    #expect(greetingNL["reviewed"] as? Bool == true)
    #expect(greetingNL["filePath"] as? String == "messages/greeting.yml")
    #expect(greetingNL["line"] as? Int == 5 && greetingNL["column"] as? Int == 7)
    #expect((greetingNL["issues"] as? [String]) == [])
    let greetingBE = try #require(entry(report, "greeting", "nl-BE"))
    #expect(greetingBE["resolution"] as? String == "inherited")
    #expect(greetingBE["inheritedFrom"] as? String == "nl")
    #expect(greetingBE["line"] as? Int == 5, "inherited text points at the nl scalar")
    let greetingDE = try #require(entry(report, "greeting", "de"))
    #expect(greetingDE["resolution"] as? String == "missing")
    #expect(greetingDE["status"] as? String == "missing")
    #expect((greetingDE["issues"] as? [String]) == ["missing_translation"])
    let farewellNL = try #require(entry(report, "farewell", "nl"))
    #expect(farewellNL["stale"] as? Bool == true && farewellNL["reviewed"] as? Bool == false)
    #expect(
      (farewellNL["issues"] as? [String]) == ["stale_translation", "unreviewed_translation"])
    #expect(entry(report, "farewell", "de")?["status"] as? String == "draft")
    #expect(entry(report, "plan", "nl")?["status"] as? String == "untracked")
    let proDE = try #require(entry(report, "plan", "de", override: "pro"))
    #expect(proDE["resolution"] as? String == "missing")
    #expect(proDE["line"] as? Int == 7, "a missing override translation points at the override")
    #expect(entry(report, "plan", "en", override: "pro")?["sourceLocale"] as? Bool == true)

    let summary = try #require(report["summary"] as? [String: Int])
    #expect(
      summary == [
        "direct": 10, "inherited": 4, "missing": 2, "reviewed": 1, "unreviewed": 5, "stale": 1,
        "missingSource": 0, "total": 16,
      ])
    let failures = try #require(report["failures"] as? [[String: Any]])
    #expect(
      failures.map { $0["code"] as? String } == ["missing_translations", "stale_translations"])
    let missing = try #require(failures.first?["entries"] as? [[String: Any]])
    #expect(
      Set(missing.map { "\($0["messageKey"]!)/\($0["locale"]!)" }) == ["greeting/de", "plan/de"])
    #expect(report["passed"] as? Bool == false)
  }

  @Test func eachGateFailsOnItsOwnRowsAndLimitsLetThemPass() throws {
    let project = readinessProject()
    let base = ["readiness", "--projectDirectoryPath", project.path, "--json"]
    func failures(_ extra: [String]) throws -> (Int32, [String]) {
      let (status, output) = runCLI(base + extra)
      let report = try jsonObject(output.standardOutput)
      return (
        status, (report["failures"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
      )
    }
    #expect(try failures(["--maxMissing", "2", "--maxStale", "1"]) == (0, []))
    #expect(
      try failures(["--maxMissing", "1", "--maxStale", "1"]) == (1, ["missing_translations"]))
    #expect(
      try failures(["--maxMissing", "2", "--maxStale", "1", "--requireDirect"])
        == (1, ["inherited_translations"]))
    #expect(
      try failures(["--maxMissing", "2", "--maxStale", "1", "--requireReviewed"])
        == (1, ["unreviewed_translations"]))
    // Only nl: reviewed greeting, stale farewell, untracked plan and override.
    #expect(
      try failures(["--locale", "nl", "--requireReviewed", "--requireDirect"])
        == (1, ["stale_translations", "unreviewed_translations"]))
    // The target's messages (greeting, plan) and locales (en, nl).
    let (status, output) = runCLI(base + ["--target", "web", "--requireReviewed"])
    #expect(status == 1)
    let report = try jsonObject(output.standardOutput)
    #expect((report["entries"] as? [Any])?.count == 6)
    #expect((report["summary"] as? [String: Int])?["unreviewed"] == 2)
  }

  @Test func textNamesEachFailureWithFileLineAndColumn() {
    let project = readinessProject()
    let (status, output) = runCLI([
      "readiness", "--projectDirectoryPath", project.path, "--requireDirect",
    ])
    #expect(status == 1)
    let text = output.standardOutput
    #expect(text.contains("FAIL missing_translations: 2 translations are missing"))
    #expect(
      text.contains("  messages/greeting.yml:3:1  greeting  de  missing  (missing_translation)"))
    #expect(text.contains("FAIL stale_translations"))
    #expect(text.contains("messages/farewell.yml:4:7  farewell  nl  direct, stale"))
    #expect(text.contains("FAIL inherited_translations"))
    #expect(text.contains("  messages/greeting.yml:5:7  greeting  nl-BE  inherited from nl"))
    #expect(text.contains("messages/plan.yml:7:5  plan:pro  de  missing"))
    #expect(text.contains("nl-BE  direct 0 · inherited 4 · missing 0"))
    #expect(
      text.contains("Not ready: missing_translations, stale_translations, inherited_translations"))
  }

  @Test func anUnknownLocaleOrTargetIsAUsageErrorWithASuggestion() {
    let project = readinessProject()
    let (status, output) = runCLI([
      "readiness", "--projectDirectoryPath", project.path, "--locale", "nl-BF",
    ])
    #expect(status == 2)
    #expect(
      output.standardError.contains(
        "--locale nl-BF: not a locale of the project (did you mean nl-BE?)"))
    let (targetStatus, targetOutput) = runCLI([
      "readiness", "--projectDirectoryPath", project.path, "--target", "wbe",
    ])
    #expect(targetStatus == 2)
    #expect(targetOutput.standardError.contains("(did you mean web?)"))
    let (limitStatus, limitOutput) = runCLI([
      "readiness", "--projectDirectoryPath", project.path, "--maxMissing", "-1",
    ])
    #expect(limitStatus == 2)
    #expect(limitOutput.standardError.contains("--maxMissing -1: expected a whole number"))
  }

  @Test func aStateWithAnUnknownStatusIsAnIssueAndCountsAsUntracked() throws {
    let project = readinessProject()
    project.write(
      "messages/odd.yml",
      "translations:\n  en: Odd\n  nl: Raar\ntranslationStates:\n  nl:\n    status: done\n")
    let (_, output) = runCLI([
      "readiness", "--projectDirectoryPath", project.path, "--json", "--locale", "nl",
    ])
    let report = try jsonObject(output.standardOutput)
    let odd = try #require(entry(report, "odd", "nl"))
    #expect(odd["status"] as? String == "untracked")
    #expect(
      (odd["issues"] as? [String]) == ["unreviewed_translation", "invalid_translation_state"])
  }

  @Test func jsonIsTheSameBytesOnEveryRun() {
    let project = readinessProject()
    let first = runCLI(["readiness", "--projectDirectoryPath", project.path, "--json", "--pretty"])
    let second = runCLI(["readiness", "--projectDirectoryPath", project.path, "--json", "--pretty"])
    #expect(first.output.standardOutput == second.output.standardOutput)
    #expect(first.output.standardOutput.hasPrefix("{\n  \"entries\": ["))
  }

  @Test func everySetIsVisitedUnlessSetNamesOne() throws {
    let project = TempProject()
    project.write("messagevisor.config.yml", "sets: true\nsourceLocale: en\n")
    for set in ["dev", "production"] {
      project.write("sets/\(set)/locales/en.yml", "description: English\n")
      project.write("sets/\(set)/locales/nl.yml", "description: Dutch\n")
      project.write(
        "sets/\(set)/messages/title.yml",
        "translations:\n  en: Title\n" + (set == "dev" ? "" : "  nl: Titel\n"))
    }
    let (status, output) = runCLI(["readiness", "--projectDirectoryPath", project.path])
    #expect(status == 1)
    #expect(output.standardOutput.contains("Set dev\n"))
    #expect(output.standardOutput.contains("Set production\n"))
    #expect(
      output.standardOutput.contains("sets/dev/messages/title.yml:1:1  [dev] title  nl  missing"))
    let (one, _) = runCLI([
      "readiness", "--projectDirectoryPath", project.path, "--set", "production",
    ])
    #expect(one == 0)
    let (typo, typoOutput) = runCLI([
      "readiness", "--projectDirectoryPath", project.path, "--set", "prodution",
    ])
    #expect(typo == 2 && typoOutput.standardError.contains("did you mean production?"))
  }

  @Test func demoProjectIsReadyInDutchWithRequireDirect() {
    let demo = FixturePaths.packageRoot + "/Demo/project"
    let (status, output) = runCLI([
      "readiness", "--projectDirectoryPath", demo, "--requireDirect", "--locale", "nl-NL",
    ])
    #expect(status == 0, "\(output.standardOutput)\(output.standardError)")
    #expect(output.standardOutput.contains("Ready: every gate passed"))
  }

  @Test func projectOneFixtureReportsInheritedAndMissingCopyWithPositions() throws {
    guard let fixture = FixturePaths.project1 else { return }
    let (status, output) = runCLI([
      "readiness", "--projectDirectoryPath", fixture, "--json", "--locale", "nl-BE",
      "--locale", "nl-NL",
    ])
    let report = try jsonObject(output.standardOutput)
    let entries = try #require(report["entries"] as? [[String: Any]])
    #expect(!entries.isEmpty)
    #expect(Set(entries.compactMap { $0["locale"] as? String }) == ["nl-BE", "nl-NL"])
    for entry in entries where entry["resolution"] as? String != "missing" {
      #expect((entry["line"] as? Int ?? 0) > 0, "\(entry)")
      #expect((entry["filePath"] as? String)?.hasPrefix("messages/") == true)
    }
    let summary = try #require(report["summary"] as? [String: Int])
    #expect(summary["direct"]! + summary["inherited"]! + summary["missing"]! == entries.count)
    #expect(status == (summary["missing"]! > 0 ? 1 : 0))
  }
}
