import Foundation
import TestSupport
import Testing

@testable import MessagevisorProject
@testable import MessagevisorSwiftCLI

/// A copy of a project in a temporary directory, with its files' bytes for before/after checks,
/// and the `export`/`import` commands run against it.
final class ExchangeFixture {
  let path: String
  let scratch: String

  /// Copies `source` (a project directory).
  init(copying source: String) throws {
    scratch = NSTemporaryDirectory() + "mv-exchange-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    path = scratch + "/project"
    try FileManager.default.copyItem(atPath: source, toPath: path)
    // Shared fixtures are read-only; the copy must be writable like a checkout.
    let enumerator = FileManager.default.enumerator(atPath: path)
    while let relative = enumerator?.nextObject() as? String {
      let full = path + "/" + relative
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
      try FileManager.default.setAttributes(
        [.posixPermissions: isDirectory.boolValue ? 0o755 : 0o644], ofItemAtPath: full)
    }
  }

  /// A small project: en (source) and nl (inherits en), nl-BE (inherits nl), ru; messages with
  /// a plural, an override, a reviewed translation.
  convenience init() throws {
    let project = TempProject()
    project.write("messagevisor.config.yml", "sourceLocale: en\nmodules: [icu]\n")
    project.write("attributes/plan.yml", "type: string\n")
    project.write("locales/en.yml", "description: English\n")
    project.write("locales/nl.yml", "inheritTranslationsFrom: en\n")
    project.write("locales/nl-BE.yml", "inheritTranslationsFrom: nl\n")
    project.write("locales/ru.yml", "description: Russian\n")
    project.write(
      "messages/cart/items.yml",
      """
      description: Items in the cart
      # Count of items; keep the plural.
      translations:
        en: "{count, plural, one {# item in {place}} other {# items in {place}}}"
        nl: "{count, plural, one {# artikel in {place}} other {# artikelen in {place}}}"

      """)
    project.write(
      "messages/greeting.yml",
      """
      description: Greeting
      translations:
        en: Hello {name}
        nl: Hallo {name}
        ru: Привет, {name}
      translationStates:
        nl:
          status: reviewed
          sourceHash: "\(TranslationReviewState.hash("Hello {name}"))"
          targetHash: "\(TranslationReviewState.hash("Hallo {name}"))"
      overrides:
        - key: pro
          conditions:
            attribute: plan
            operator: equals
            value: pro
          translations:
            en: Hello, pro {name}
            nl: Hallo, pro {name}

      """)
    project.write("targets/all.yml", "includeMessages: '*'\n")
    try self.init(copying: project.path)
  }

  deinit { try? FileManager.default.removeItem(atPath: scratch) }

  /// Every file under the project, by relative path.
  func tree() -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: path)
    while let relative = enumerator?.nextObject() as? String {
      let full = path + "/" + relative
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        result[relative] = FileManager.default.contents(atPath: full)
      }
    }
    return result
  }

  /// The relative paths whose bytes differ between two trees.
  static func changed(_ before: [String: Data], _ after: [String: Data]) -> [String] {
    Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
  }

  /// Runs `messagevisor-swift` with `arguments` (the project path added).
  func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    let output = CLIOutput(capture: true)
    let status = MessagevisorCLI.run(
      arguments + ["--projectDirectoryPath=\(path)"], output: output)
    return (status, output.standardOutput, output.standardError)
  }

  /// Writes `text` to a file in the scratch directory; returns its path.
  func input(_ name: String, _ text: String) -> String {
    let file = scratch + "/" + name
    _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
    return file
  }

  /// Writes `bytes` to a file in the scratch directory; returns its path.
  func input(_ name: String, bytes: [UInt8]) -> String {
    let file = scratch + "/" + name
    _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
    return file
  }

  /// The project as loaded now.
  func load() throws -> Project {
    try ProjectLoader().load(path: path)
  }
}
