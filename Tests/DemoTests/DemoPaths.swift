import Foundation
import Messagevisor

/// Paths and small readers for the demo content in `<package root>/Demo`.
enum DemoPaths {
  /// The package root, found by walking up from this file to `Package.swift`.
  static let packageRoot: URL = {
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    for _ in 0..<8 {
      if FileManager.default.fileExists(
        atPath: directory.appendingPathComponent("Package.swift").path)
      {
        return directory
      }
      directory = directory.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }()

  static let demo = packageRoot.appendingPathComponent("Demo", isDirectory: true)
  static let project = demo.appendingPathComponent("project", isDirectory: true)
  static let resources = demo.appendingPathComponent("Resources", isDirectory: true)
  static let ota = demo.appendingPathComponent("ota", isDirectory: true)

  /// The demo's locales, in the order the previewer cycles them.
  static let locales = ["en-US", "en-GB", "nl-NL", "de-DE", "fr-FR", "ja-JP", "ar"]

  /// The 17 keys of the seed demo (rerune.md §6.3): every one is visible on the Welcome or Story screen.
  static let seedKeys = [
    "welcome_badge", "welcome_title", "welcome_subtitle", "welcome_locale_label",
    "welcome_locale_value",
    "welcome_last_synced_label", "welcome_open_story_cta", "welcome_refresh_state_idle",
    "welcome_refresh_state_checking", "welcome_refresh_state_downloading",
    "welcome_refresh_state_applying", "welcome_refresh_state_success", "story_title",
    "story_body_primary", "story_body_secondary", "story_caption", "story_refresh_cta",
  ]

  /// The one deliberate gap: this key has no translation in this locale anywhere.
  static let gap = (locale: "ja-JP", key: "story_caption")
  /// Exists only in the bundle.
  static let bundleOnlyKey = "welcome_bundle_note"
  /// Exists only on the OTA site.
  static let otaOnlyKey = "story_ota_note"

  static func json(_ url: URL) throws -> MessagevisorValue {
    try JSONDecoder().decode(MessagevisorValue.self, from: Data(contentsOf: url))
  }

  /// A copy of the demo OTA site in a fresh temporary directory.
  static func copyOfOTASite() throws -> URL {
    let copy = FileManager.default.temporaryDirectory
      .appendingPathComponent("demo-ota-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
    for name in try FileManager.default.contentsOfDirectory(atPath: ota.path)
    where name == "manifest.json" || name.hasSuffix(".xcstrings") {
      try FileManager.default.copyItem(
        at: ota.appendingPathComponent(name), to: copy.appendingPathComponent(name))
    }
    return copy
  }
}

extension MessagevisorValue {
  /// `self[a][b]…` through nested objects.
  subscript(path: String...) -> MessagevisorValue? {
    var current: MessagevisorValue? = self
    for key in path { current = current?.objectValue?[key] }
    return current
  }
}
