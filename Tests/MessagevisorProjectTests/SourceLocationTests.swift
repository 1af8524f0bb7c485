import Foundation
import TestSupport
import Testing

@testable import MessagevisorProject

/// The loader keeps where every entity and every translation scalar came from.
@Suite struct SourceLocationTests {
  static func project() -> TempProject {
    let project = TempProject.minimal()
    project.write(
      "messages/auth/signin.yml",
      """
      description: Sign in
      translations:
        en: Sign in
        nl: "Inloggen"
      overrides:
        - key: web
          segments: [web]
          translations:
            en: Sign in on the web
        - key: ios
          conditions:
            - attribute: platform
              operator: equals
              value: ios
          translations:
            nl: |
              Inloggen op iOS
      """)
    project.write(
      "tests/messages/auth/signin.spec.yml",
      "message: auth.signin\nassertions:\n  - locale: en\n    expectedTranslation: Sign in\n")
    return project
  }

  @Test func baseTranslationsKeepFileLineAndColumnPerLocale() throws {
    let fixture = Self.project()
    let project = try ProjectLoader().load(path: fixture.path)
    let message = try #require(project.messages["auth.signin"])
    #expect(message.location.file == "messages/auth/signin.yml")
    #expect(
      message.translationLocations["en"]
        == SourceLocation(file: "messages/auth/signin.yml", line: 3, column: 7))
    #expect(
      message.translationLocations["nl"]
        == SourceLocation(file: "messages/auth/signin.yml", line: 4, column: 7))
    #expect(message.translationLocations["en"]?.description == "messages/auth/signin.yml:3:7")
    #expect(
      message.translationsLocation
        == SourceLocation(file: "messages/auth/signin.yml", line: 2, column: 1))
  }

  @Test func overrideTranslationsKeepPositionsPerOverrideAndLocale() throws {
    let fixture = Self.project()
    let project = try ProjectLoader().load(path: fixture.path)
    let message = try #require(project.messages["auth.signin"])
    #expect(message.overrides.count == 2)
    #expect(message.overrides[0].location.line == 6)
    #expect(
      message.overrides[0].translationLocations["en"]
        == SourceLocation(file: "messages/auth/signin.yml", line: 9, column: 11))
    #expect(message.overrides[0].translationLocations["nl"] == nil)
    #expect(message.overrides[1].conditionsLocation?.line == 12)
    // A block scalar starts at its indicator (`|`).
    #expect(
      message.overrides[1].translationLocations["nl"]
        == SourceLocation(file: "messages/auth/signin.yml", line: 16, column: 11))
  }

  @Test func everyEntityKindKeepsItsFileAndPosition() throws {
    let fixture = Self.project()
    let project = try ProjectLoader().load(path: fixture.path)
    #expect(
      project.locales["nl"]?.location == SourceLocation(file: "locales/nl.yml", line: 1, column: 1))
    #expect(project.segments["web"]?.location.file == "segments/web.yml")
    #expect(project.segments["web"]?.location.line == 1)
    #expect(project.targets["all"]?.location.file == "targets/all.yml")
    #expect(project.attributes["plan"]?.location.file == "attributes/plan.yml")
    let spec = try #require(project.tests.first)
    #expect(
      spec.location
        == SourceLocation(file: "tests/messages/auth/signin.spec.yml", line: 1, column: 10))
  }

  @Test func positionsOfProject1FixtureMessagesPointAtTheirScalars() throws {
    guard let root = FixturePaths.project1 else { return }
    let project = try ProjectLoader().load(path: root)
    var checked = 0
    for message in project.messages.values {
      let lines = try String(
        contentsOfFile: (root as NSString).appendingPathComponent(message.file), encoding: .utf8
      ).split(separator: "\n", omittingEmptySubsequences: false)
      for (locale, location) in message.translationLocations {
        #expect(location.file == message.file)
        let line = lines[location.line - 1]
        // The scalar starts at the column, after "<locale>: ".
        #expect(line.contains("\(locale):"), "\(location) \(line)")
        checked += 1
      }
    }
    #expect(checked > 50)
  }

  @Test func aLocationIsTwelveBytesAndReadsItsFileBackByteForByte() {
    // A project keeps one location per translation: the path is a number, not a `String`.
    #expect(MemoryLayout<MessagevisorProject.SourceLocation>.size == 12)
    let composed = "messages/caf\u{E9}.yml"
    let decomposed = "messages/cafe\u{301}.yml"
    let first = SourceLocation(file: composed, line: 3, column: 7)
    let second = SourceLocation(file: decomposed, line: 3, column: 7)
    // Two files whose names differ only in normalization stay two paths.
    #expect(Array(first.file.utf8) == Array(composed.utf8))
    #expect(Array(second.file.utf8) == Array(decomposed.utf8))
    var moved = first
    moved.file = decomposed
    #expect(Array(moved.file.utf8) == Array(decomposed.utf8))
    #expect(moved.line == 3 && moved.column == 7)
    // Compared and hashed as their `String`s are, as before.
    #expect(first == second)
    #expect(Set([first, second]).count == 1)
    #expect(first != SourceLocation(file: composed, line: 3, column: 8))
    #expect(SourceLocation(file: "").file.isEmpty)
    #expect(first.description == composed + ":3:7")
  }

  @Test func locationsMadeOnManyThreadsKeepTheirFiles() {
    let paths = (0..<64).map { "messages/thread_\($0).yml" }
    let made = ParallelMap.map(paths) { path in
      (0..<200).map { SourceLocation(file: path, line: $0 + 1, column: 1) }
    }
    for (path, locations) in zip(paths, made) {
      #expect(locations.allSatisfy { $0.file == path })
    }
  }
}
