import Foundation
import TestSupport
import Testing

@testable import MessagevisorProject

/// Lint's reference checks and the loading problems it reports with upstream's codes.
@Suite struct LintReferenceTests {
  typealias P = LintTestProject

  @Test func aSourceLocaleTheProjectLacksIsReportedAndAKnownOneIsNot() {
    let project = P.make()
    P.message(project, "title", P.all("Title"))
    #expect(P.findings(project, "unknown_source_locale").isEmpty)
    project.write("messagevisor.config.yml", "sourceLocale: de\nmodules: [icu]\n")
    let findings = P.findings(project, "unknown_source_locale")
    #expect(findings.count == 1)
    #expect(findings.first?.filePath == "messagevisor.config.yml")
  }

  @Test func anOverrideOnAnArchivedSegmentIsReported() {
    let project = P.make()
    project.write(
      "segments/old.yml",
      "archived: true\nconditions:\n  - attribute: platform\n    operator: equals\n    value: x\n")
    let overrides =
      "overrides:\n  - key: o\n    segments: SEGMENT\n    translations:\n      en: O\n"
    P.message(
      project, "archived", P.all("A"),
      extra: overrides.replacingOccurrences(of: "SEGMENT", with: "old"))
    P.message(
      project, "live", P.all("A"), extra: overrides.replacingOccurrences(of: "SEGMENT", with: "web")
    )
    #expect(P.findings(project, "archived_reference").map(\.entityKey) == ["archived"])
  }

  @Test func aTargetPatternThatMatchesNoMessageIsReported() {
    let project = P.make()
    project.write("targets/app.yml", "includeMessages: ['app.*', 'admin.*']\n")
    P.message(project, "app.title", P.all("Title"))
    let findings = P.findings(project, "target_pattern_unmatched")
    #expect(findings.map(\.message).count == 1)
    #expect(findings.first?.message.contains("admin.*") == true)
    #expect(findings.first?.entityType == "target")
  }

  @Test func aTargetContextValueOfTheWrongTypeIsReported() {
    let project = P.make()
    project.write("targets/app.yml", "includeMessages: '*'\ncontext:\n  beta: 'yes'\n")
    project.write("targets/web.yml", "includeMessages: '*'\ncontext:\n  beta: true\n")
    P.message(project, "title", P.all("Title"))
    #expect(P.findings(project, "invalid_target_context").map(\.entityKey) == ["app"])
  }

  @Test func aReviewedTranslationEditedSinceItsReviewIsReported() {
    let project = P.make()
    let hash = "ab00000000000000000000000000000000000000000000000000000000000000"
    P.message(
      project, "reviewed", ["en": "Hello", "nl": "Hallo!", "ru": "Привет", "ja": "こんにちは"],
      extra:
        "translationStates:\n  nl: {status: reviewed, sourceHash: \(hash), targetHash: \(hash)}\n")
    var options = LintOptions()
    options.sha256Hex = { _ in hash }
    #expect(P.findings(project, "reviewed_target_changed", options: options).isEmpty)
    options.sha256Hex = { $0 == "Hallo!" ? "cd" : hash }
    #expect(
      P.findings(project, "reviewed_target_changed", options: options).map(\.locale) == ["nl"])
  }

  @Test func screenFileProblemsAreReportedAsInvalidScreen() {
    let project = P.make()
    P.message(project, "title", P.all("Title"))
    var options = LintOptions()
    options.screenErrors = [
      ProjectError(file: "previews/home.yml", line: 3, column: 5, message: "unknown block \"x\"")
    ]
    let findings = ProjectLinter(options: options).lint(path: project.path).findings.filter {
      $0.code == "invalid_screen"
    }
    #expect(findings.count == 1)
    #expect(findings.first?.entityType == "screen")
    #expect(findings.first?.entityKey == "home")
    #expect(findings.first?.line == 3)
  }

  @Test func theFitCheckIncludesThePseudoLocaleWhenGiven() {
    let project = P.make()
    P.message(project, "button", ["en": "Open it", "nl": "Open", "ru": "Откр", "ja": "開く"])
    var options = LintOptions()
    options.screenTarget = "app"
    options.screens = [
      LintScreen(
        name: "home", file: "previews/home.yml",
        bindings: [.init(key: "button", width: 10, optional: false, line: 2, column: 11)])
    ]
    #expect(P.findings(project, "fit", options: options).isEmpty)
    options.pseudoLocalize = { "[" + $0 + " ~~~~~]" }
    #expect(P.findings(project, "fit", options: options).map(\.locale) == ["pseudo"])
  }

  @Test func loadingProblemsKeepUpstreamCodesAndPositions() {
    let project = P.make()
    P.message(project, "title", P.all("Title"))
    project.write("messages/broken.yml", "translations:\n  en: [unclosed\n")
    project.write("locales/xx.yml", "inheritTranslationsFrom: yy\n")
    project.write(
      "tests/messages/ghost.spec.yml",
      "message: ghost\nassertions:\n  - locale: en\n    expectedTranslation: Boo\n")
    let findings = ProjectLinter().lint(path: project.path).findings
    let yaml = findings.first { $0.code == "invalid_yaml" }
    #expect(yaml?.filePath == "messages/broken.yml")
    #expect(yaml?.entityType == "message")
    #expect((yaml?.line ?? 0) >= 2)
    #expect(findings.contains { $0.code == "unknown_locale" && $0.entityKey == "xx" })
    #expect(findings.contains { $0.code == "unknown_message" && $0.entityKey == "messages/ghost" })
  }

  @Test func aTranslationForAnUnknownLocaleIsFoundAmongMessagesThatListOnlyKnownOnes() {
    let project = P.make()
    // Known lists before and after the unknown ones (the check skips lists it has seen whole).
    P.message(project, "a", P.all("Title"))
    P.message(project, "b", P.all("Title").merging(["xx": "Titel"]) { $1 })
    P.message(
      project, "c", P.all("Title"),
      extra: "overrides:\n  - key: web\n    segments: web\n    translations:\n      yy: Web\n")
    P.message(project, "d", P.all("Title"))
    let unknown = ProjectLinter().lint(path: project.path).findings.filter {
      $0.code == "unknown_locale"
    }
    #expect(unknown.map(\.entityKey) == ["b", "c"])
    #expect(unknown.first?.message.contains("\"xx\"") == true)
    #expect(unknown.last?.message.contains("\"yy\"") == true)
  }
}

extension LintReferenceTests {
  @Test func anUnknownTargetOptionIsAnErrorNotASilentlyEmptyReport() {
    let project = P.make()
    P.message(project, "title", P.all("Title"))
    var options = LintOptions()
    options.target = "app"
    #expect(P.findings(project, "unknown_target", options: options).isEmpty)
    options.target = "nope"
    let findings = P.findings(project, "unknown_target", options: options)
    #expect(findings.map(\.entityKey) == ["nope"])
    #expect(findings.first?.level == .error)
  }
}

extension LintReferenceTests {
  @Test func withoutSetEveryProjectSetIsLintedAndWithSetOnlyThatOne() {
    let project = TempProject()
    project.write("messagevisor.config.yml", "sets: true\nmodules: [icu]\n")
    for set in ["blue", "green"] {
      project.write("sets/\(set)/locales/en.yml", "description: English\n")
      project.write("sets/\(set)/targets/app.yml", "includeMessages: '*'\n")
      project.write(
        "sets/\(set)/messages/bad.yml", "translations:\n  en: \"{g, select, a {A}}\"\n")
    }
    let all = ProjectLinter().lint(path: project.path).findings.filter {
      $0.code == "select_without_other"
    }
    #expect(all.map(\.filePath) == ["sets/blue/messages/bad.yml", "sets/green/messages/bad.yml"])
    #expect(all.map(\.entityKey) == ["bad", "bad"])
    var options = LintOptions()
    options.set = "green"
    let one = ProjectLinter(options: options).lint(path: project.path).findings.filter {
      $0.code == "select_without_other"
    }
    #expect(one.map(\.filePath) == ["sets/green/messages/bad.yml"])
  }
}
