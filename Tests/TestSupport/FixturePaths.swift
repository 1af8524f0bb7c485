import Foundation

/// Locates shared fixtures relative to this file: package root, then `../shared/fixtures/…`.
public enum FixturePaths {
  /// The repository root (the directory holding `Package.swift`).
  public static var packageRoot: String {
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    for _ in 0..<6 {
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url.path
      }
      url = url.deletingLastPathComponent()
    }
    return url.path
  }

  /// The project-1 fixture, or nil (with a printed note) when absent.
  public static var project1: String? {
    let path = (packageRoot as NSString).appendingPathComponent(
      "../shared/fixtures/messagevisor-project-1")
    guard FileManager.default.fileExists(atPath: path) else {
      print("Fixture messagevisor-project-1 is absent at \(path); skipping")
      return nil
    }
    return path
  }
}

/// A throwaway project directory.
public final class TempProject {
  /// The directory.
  public let path: String

  /// A new, empty directory.
  public init() {
    path = NSTemporaryDirectory() + "mv-project-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `text` to `relativePath`, creating directories.
  public func write(_ relativePath: String, _ text: String) {
    let full = (path as NSString).appendingPathComponent(relativePath)
    try? FileManager.default.createDirectory(
      atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
  }

  /// A minimal valid project: en + nl (inherits en), one attribute, one segment, one message.
  public static func minimal() -> TempProject {
    let project = TempProject()
    project.write("attributes/platform.yml", "type: string\n")
    project.write("attributes/plan.yml", "type: string\n")
    project.write(
      "locales/en.yml",
      "description: English\nformats:\n  number:\n    money: {style: currency, currency: USD}\n")
    project.write("locales/nl.yml", "inheritTranslationsFrom: en\ninheritFormatsFrom: en\n")
    project.write(
      "segments/web.yml",
      "conditions:\n  - attribute: platform\n    operator: equals\n    value: web\n")
    project.write(
      "messages/greeting.yml",
      """
      description: Greeting
      translations:
        en: Hello
      overrides:
        - key: web
          segments: [web]
          translations:
            en: Hello web
      """)
    project.write("targets/all.yml", "includeMessages: '*'\n")
    return project
  }
}
