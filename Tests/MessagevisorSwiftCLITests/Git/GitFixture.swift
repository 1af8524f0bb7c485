import Foundation
import TestSupport

@testable import MessagevisorProject

/// A temporary git repository holding a project, for `diff` tests: files are written with
/// ``write(_:_:)`` and committed with ``commit(_:)``.
final class GitFixture {
  let project = TempProject()
  var path: String { project.path }
  var repository: GitRepository { GitRepository(directory: path) }

  init() throws {
    try git("init", "-q")
  }

  @discardableResult
  func git(_ arguments: String...) throws -> String {
    try repository.succeed(
      ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"]
        + arguments
    ).text
  }

  func write(_ relativePath: String, _ text: String) { project.write(relativePath, text) }

  func remove(_ relativePath: String) {
    try? FileManager.default.removeItem(
      atPath: (path as NSString).appendingPathComponent(relativePath))
  }

  func commit(_ message: String) throws {
    try git("add", "-A")
    try git("commit", "-q", "--allow-empty", "-m", message)
  }

  /// en and nl (nl inherits en), a segment and a message with an override.
  static func minimal() throws -> GitFixture {
    let fixture = try GitFixture()
    fixture.write("attributes/platform.yml", "type: string\n")
    fixture.write("locales/en.yml", "description: English\n")
    fixture.write("locales/nl.yml", "inheritTranslationsFrom: en\n")
    fixture.write("locales/de.yml", "description: German\n")
    fixture.write(
      "segments/web.yml",
      "conditions:\n  - attribute: platform\n    operator: equals\n    value: web\n")
    fixture.write(
      "messages/greeting.yml",
      """
      description: Greeting
      translations:
        en: Hello
        nl: Hallo
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
    fixture.write("messages/farewell.yml", "translations:\n  en: Bye\n  de: Tschüss\n")
    try fixture.commit("initial")
    return fixture
  }
}
