import Foundation
import Messagevisor

/// A throw-away OTA site in a temporary directory.
struct PublishingTestSite {
  let directory: URL

  init(
    manifest: String? = PublishingTestSite.defaultManifest,
    payloads: [String: String] = PublishingTestSite.defaultPayloads
  ) throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("publishing-test-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    if let manifest {
      try Data(manifest.utf8).write(to: directory.appendingPathComponent("manifest.json"))
    }
    for (name, text) in payloads {
      try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }
  }

  func remove() {
    try? FileManager.default.removeItem(at: directory)
  }

  func json(_ name: String) throws -> MessagevisorValue {
    try JSONDecoder().decode(
      MessagevisorValue.self, from: Data(contentsOf: directory.appendingPathComponent(name)))
  }

  func manifestVersion() throws -> Int? {
    try json("manifest.json").objectValue?["version"]?.intValue
  }

  func localeVersion(_ locale: String) throws -> Int? {
    try json("manifest.json").objectValue?["locales"]?.objectValue?[locale]?.objectValue?[
      "version"]?
      .intValue
  }

  func value(_ file: String, key: String, tag: String) throws -> String? {
    try json(file).objectValue?["strings"]?.objectValue?[key]?.objectValue?["localizations"]?
      .objectValue?[tag]?.objectValue?["stringUnit"]?.objectValue?["value"]?.stringValue
  }

  func files() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  static let defaultManifest = """
    {
      "version": 5,
      "publisher": "tests",
      "locales": {
        "en-US": { "version": 2, "url": "en-US.xcstrings" },
        "nl-NL": { "version": 3, "url": "nl-NL.xcstrings", "sha256": "00ff" },
        "de-DE": { "version": 1 }
      }
    }
    """

  static let defaultPayloads: [String: String] = [
    "en-US.xcstrings": """
    {"sourceLanguage": "en", "version": "1.0", "strings": {
      "welcome_title": {"comment": "Title", "extractionState": "manual",
        "localizations": {"en-US": {"stringUnit": {"state": "translated", "value": "Welcome to ReRune"}}}},
      "story_title": {"localizations": {"en-US": {"stringUnit": {"state": "translated", "value": "Built to adapt"}}}}
    }}
    """,
    "nl-NL.xcstrings": """
    {"sourceLanguage": "en", "version": "1.0", "strings": {
      "welcome_title": {"localizations": {"nl_NL": {"stringUnit": {"state": "translated", "value": "Welkom bij ReRune"}}}},
      "welcome_new_stories": {"localizations": {"nl-NL": {"variations": {"plural": {
        "one": {"stringUnit": {"state": "translated", "value": "%lld verhaal"}},
        "other": {"stringUnit": {"state": "translated", "value": "%lld verhalen"}}}}}}}
    }}
    """,
    "de-DE.xcstrings": """
    {"sourceLanguage": "en", "version": "1.0", "strings": {
      "welcome_title": {"localizations": {"de-DE": {"stringUnit": {"state": "translated", "value": "Willkommen bei ReRune"}}}}
    }}
    """,
  ]
}

/// The package root, found by walking up from this file to `Package.swift`.
func publishingPackageRoot(_ file: String = #filePath) -> URL? {
  var directory = URL(fileURLWithPath: file).deletingLastPathComponent()
  for _ in 0..<8 {
    if FileManager.default.fileExists(
      atPath: directory.appendingPathComponent("Package.swift").path)
    {
      return directory
    }
    directory = directory.deletingLastPathComponent()
  }
  return nil
}
