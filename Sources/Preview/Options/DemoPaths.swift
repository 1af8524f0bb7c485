import Foundation

/// Finds the demo's directories: `Demo/` in the current directory or one of its parents.
public struct DemoPaths: Sendable, Equatable {
  /// The Messagevisor project directory.
  public var project: String
  /// The bundled catalogs directory (may not exist).
  public var resources: String
  /// The local OTA site directory, or `nil` when an HTTP base URL is used.
  public var otaSite: String?

  /// Why the demo could not be found.
  public struct NotFound: Error, Sendable, Equatable, CustomStringConvertible {
    /// The directory the search started from.
    public var start: String
    /// A message telling the user what to do.
    public var description: String {
      """
      could not find Demo/project in \(start) or its parents.
      Run messagevisor-preview from the messagevisor-swift repository root (swift run messagevisor-preview),
      or pass --project DIR and --ota-site DIR.
      """
    }
  }

  /// Resolves paths from options: explicit options win; otherwise `Demo/` is searched upwards
  /// from `currentDirectory` (at most 32 levels).
  public static func resolve(
    _ options: PreviewOptions, currentDirectory: String = FileManager.default.currentDirectoryPath
  ) throws(NotFound) -> DemoPaths {
    var demo: String?
    if options.project == nil || (options.otaSite == nil && options.otaBaseURL == nil) {
      var directory = URL(fileURLWithPath: currentDirectory).standardizedFileURL
      for _ in 0..<32 {
        let candidate = directory.appendingPathComponent("Demo")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(
          atPath: candidate.appendingPathComponent("project").path, isDirectory: &isDirectory),
          isDirectory.boolValue
        {
          demo = candidate.path
          break
        }
        let parent = directory.deletingLastPathComponent()
        if parent.path == directory.path { break }
        directory = parent
      }
      if demo == nil && options.project == nil { throw NotFound(start: currentDirectory) }
    }
    let project = options.project ?? (demo.map { $0 + "/project" } ?? "")
    let resources = options.resources ?? (demo.map { $0 + "/Resources" } ?? "")
    let site: String?
    if options.otaBaseURL != nil {
      site = nil
    } else if let explicit = options.otaSite {
      site = explicit
    } else if let demo {
      site = demo + "/ota"
    } else {
      throw NotFound(start: currentDirectory)
    }
    return DemoPaths(project: project, resources: resources, otaSite: site)
  }
}
