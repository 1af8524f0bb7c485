import Foundation
import TestSupport
import Testing

@testable import MessagevisorProject

/// Lint's usage, screen and loading checks, and how config and filters shape the report.
@Suite struct LintUsageTests {
  typealias P = LintTestProject

  static func screens(_ bindings: [LintScreen.Binding]) -> LintOptions {
    var options = LintOptions()
    options.screenTarget = "app"
    options.screens = [LintScreen(name: "home", file: "previews/home.yml", bindings: bindings)]
    return options
  }

  @Test func aMessageNoTargetIncludesIsUnusedAtInfoLevel() {
    let project = P.make()
    project.write("targets/app.yml", "includeMessages: ['app.*']\n")
    P.message(project, "app.title", P.all("Title"))
    P.message(project, "old", P.all("Old"))
    let findings = P.findings(project, "unused_message")
    #expect(findings.map(\.entityKey) == ["old"])
    #expect(findings.first?.level == .info)
  }

  @Test func aScreenKeyTheTargetLacksIsAnErrorUnlessTheBlockIsOptional() {
    let project = P.make()
    P.message(project, "title", P.all("Title"))
    let options = Self.screens([
      .init(key: "title", width: nil, optional: false, line: 2, column: 12),
      .init(key: "missing", width: nil, optional: false, line: 3, column: 14),
      .init(key: "extra", width: nil, optional: true, line: 4, column: 14),
    ])
    let findings = P.findings(project, "unknown_key", options: options)
    #expect(findings.map(\.path) == ["missing"])
    #expect(findings.first?.filePath == "previews/home.yml")
    #expect(findings.first?.line == 3)
    #expect(findings.first?.level == .error)
  }

  @Test func aDeprecatedMessageOnAScreenOrInATestIsReported() {
    let project = P.make()
    P.message(project, "old", P.all("Old"), extra: "deprecated: true\n")
    P.message(project, "new", P.all("New"))
    project.write(
      "tests/messages/old.spec.yml",
      "message: old\nassertions:\n  - locale: en\n    expectedTranslation: Old\n")
    let options = Self.screens([
      .init(key: "old", width: nil, optional: false, line: 2, column: 12),
      .init(key: "new", width: nil, optional: false, line: 3, column: 12),
    ])
    let findings = P.findings(project, "deprecated_in_use", options: options)
    #expect(Set(findings.map(\.filePath)) == ["previews/home.yml", "tests/messages/old.spec.yml"])
    #expect(!findings.contains { $0.path == "new" })
  }

  @Test func overridesThatCanNeverMatchAreDead() {
    let project = P.make()
    P.message(
      project, "shadowed", P.all("Hi"),
      extra: """
        overrides:
          - key: everyone
            conditions: "*"
            translations: {en: All, nl: All, ru: All, ja: All}
          - key: web
            segments: web
            translations: {en: Web, nl: Web, ru: Web, ja: Web}
        """)
    P.message(
      project, "contradiction", P.all("Hi"),
      extra: """
        overrides:
          - key: both
            conditions:
              - {attribute: platform, operator: equals, value: web}
              - {attribute: platform, operator: equals, value: ios}
            translations: {en: Both}
        """)
    P.message(
      project, "typed", P.all("Hi"),
      extra: """
        overrides:
          - key: beta
            conditions:
              - {attribute: beta, operator: equals, value: "yes"}
            translations: {en: Beta}
        """)
    P.message(
      project, "live", P.all("Hi"),
      extra: """
        overrides:
          - key: web
            segments: web
            translations: {en: Web}
          - key: beta
            conditions:
              - {attribute: beta, operator: equals, value: true}
            translations: {en: Beta}
        """)
    let findings = P.findings(project, "dead_override")
    #expect(findings.map(\.entityKey) == ["contradiction", "shadowed", "typed"])
    #expect(findings.first { $0.entityKey == "shadowed" }?.path == "overrides[1]")
  }

  @Test func anOverrideForALocaleNoTargetBuildsIsDead() {
    let project = P.make()
    project.write("targets/app.yml", "includeMessages: '*'\nlocales: [en, nl]\n")
    P.message(
      project, "greeting", ["en": "Hi", "nl": "Hoi"],
      extra:
        "overrides:\n  - key: web\n    segments: web\n    translations:\n      en: Web\n      ru: Веб\n"
    )
    let findings = P.findings(project, "dead_override")
    #expect(findings.map(\.locale) == ["ru"])
    #expect(findings.first?.line == 9)
  }

  @Test func loadingReportsEveryProblemNotOnlyTheFirst() {
    let project = P.make()
    P.message(project, "one", P.all("One"), extra: "colour: red\n")
    P.message(project, "two", P.all("Two"), extra: "size: big\n")
    P.message(project, "three", ["en": "Three", "xx": "?"])
    project.write(
      "segments/bad.yml", "conditions:\n  - attribute: nope\n    operator: equals\n    value: 1\n")
    let report = ProjectLinter().lint(path: project.path)
    #expect(
      report.findings.filter { $0.code == "unknown_field" }.map(\.entityKey) == ["one", "two"])
    #expect(report.findings.contains { $0.code == "unknown_locale" && $0.entityKey == "three" })
    #expect(
      report.findings.contains {
        $0.code == "unknown_attribute" && $0.filePath == "segments/bad.yml"
      })
    #expect(report.hasErrors)
    // Loading for build and test still stops at the first problem.
    #expect(throws: ProjectError.self) { try ProjectLoader().load(path: project.path) }
  }

  @Test func configSeveritiesIgnoredKeysAndMessageIgnoresShapeTheReport() {
    let project = P.make(
      config:
        "lint:\n  severity:\n    unused_message: off\n    whitespace_mismatch: error\n  ignoreKeys: ['legacy.*']\n"
    )
    project.write("targets/app.yml", "includeMessages: ['app.*', 'legacy.*']\n")
    P.message(project, "app.label", ["en": "Name:", "nl": "Naam", "ru": "Имя:", "ja": "名前："])
    P.message(project, "legacy.label", ["en": "Name:", "nl": "Naam", "ru": "Имя:", "ja": "名前："])
    P.message(
      project, "app.quiet", ["en": "Name:", "nl": "Naam", "ru": "Имя:", "ja": "名前："],
      extra: "lint:\n  ignore: [whitespace_mismatch]\n")
    P.message(project, "unused", P.all("Unused"))
    let report = ProjectLinter().lint(path: project.path)
    let whitespace = report.findings.filter { $0.code == "whitespace_mismatch" }
    #expect(whitespace.map(\.entityKey) == ["app.label"])
    #expect(whitespace.first?.level == .error)
    #expect(!report.findings.contains { $0.code == "unused_message" })
  }

  @Test func onlySkipLocaleAndSeverityFilterFindings() {
    let project = P.make()
    P.message(project, "label", ["en": "Name:", "nl": "Naam", "ru": "Имя", "ja": "名前："])
    var options = LintOptions()
    options.only = ["whitespace_mismatch"]
    #expect(
      ProjectLinter(options: options).lint(path: project.path).findings.map(\.locale) == [
        "nl", "ru",
      ])
    options.locale = "ru"
    #expect(
      ProjectLinter(options: options).lint(path: project.path).findings.map(\.locale) == ["ru"])
    options = LintOptions()
    options.threshold = .error
    #expect(ProjectLinter(options: options).lint(path: project.path).findings.isEmpty)
    options = LintOptions()
    options.skip = ["whitespace_mismatch"]
    #expect(
      !ProjectLinter(options: options).lint(path: project.path).findings.contains {
        $0.code == "whitespace_mismatch"
      })
  }

  @Test func reviewedTranslationsWhoseSourceChangedAreStale() {
    let project = P.make()
    let hash = "ab00000000000000000000000000000000000000000000000000000000000000"
    P.message(
      project, "reviewed", ["en": "Hello", "nl": "Hallo", "ru": "Привет", "ja": "こんにちは"],
      extra:
        "translationStates:\n  nl: {status: reviewed, sourceHash: \(hash), targetHash: \(hash)}\n  ru: {status: translated, sourceHash: \(hash)}\n"
    )
    var options = LintOptions()
    options.sha256Hex = { _ in hash }
    #expect(P.findings(project, "stale_translation", options: options).isEmpty)
    options.sha256Hex = { $0 == "Hello" ? "1111" : hash }
    let stale = P.findings(project, "stale_translation", options: options)
    #expect(stale.map(\.locale) == ["nl"])
  }
}

extension LintUsageTests {
  @Test func aProjectWithoutTargetsHasNoOverrideDeadForItsLocale() {
    let project = P.make()
    try? FileManager.default.removeItem(atPath: project.path + "/targets")
    P.message(
      project, "greeting", ["en": "Hi", "nl": "Hoi"],
      extra: "overrides:\n  - key: web\n    segments: web\n    translations:\n      en: Web\n")
    #expect(P.findings(project, "dead_override").isEmpty)
    #expect(P.findings(project, "unused_message").isEmpty)
  }
}
