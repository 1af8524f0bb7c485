import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the previewer's sources are: the project, the bundled catalogs and the OTA site.
///
/// Explicit options win. Without `--project`, `Demo/` is searched in the current directory and
/// its parents (the editable demo of a checkout); ``PreviewLauncher`` falls back to the demo
/// embedded in the binary when there is none. With `--project`, catalogs and an OTA site are
/// used only when given (or when the project is the found demo's own project).
public struct DemoPaths: Sendable, Equatable {
  /// The Messagevisor project directory.
  public var project: String
  /// The bundled catalogs directory, or `nil` for none.
  public var resources: String?
  /// The local OTA site directory, or `nil` when there is none or an HTTP base URL is used.
  public var otaSite: String?

  /// Creates paths.
  public init(project: String, resources: String?, otaSite: String?) {
    self.project = project
    self.resources = resources
    self.otaSite = otaSite
  }

  /// Why the demo could not be found.
  public struct NotFound: Error, Sendable, Equatable, CustomStringConvertible {
    /// The directory the search started from.
    public var start: String
    /// A message telling the user what to do.
    public var description: String {
      """
      could not find Demo/project in \(start) or its parents, and this binary has no embedded demo.
      Pass --project DIR (and --ota-site DIR for OTA), or run it from the messagevisor-swift checkout.
      """
    }
  }

  /// The `Demo/` directory in `directory` or one of its parents (at most 32 levels), if any.
  public static func findDemo(from directory: String) -> String? {
    var current = URL(fileURLWithPath: directory).standardizedFileURL
    for _ in 0..<32 {
      let candidate = current.appendingPathComponent("Demo")
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(
        atPath: candidate.appendingPathComponent("project").path, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        return candidate.path
      }
      let parent = current.deletingLastPathComponent()
      if parent.path == current.path { break }
      current = parent
    }
    return nil
  }

  /// Resolves paths like ``resolve(_:currentDirectory:demo:)``; when there is no `Demo/` and no
  /// `--project`, the demo embedded in the binary is unpacked under `cacheRoot` and used.
  public static func resolveOrUnpack(
    _ options: PreviewOptions, currentDirectory: String = FileManager.default.currentDirectoryPath,
    cacheRoot: String = PreviewLauncher.cacheRoot()
  ) throws -> DemoPaths {
    if options.project != nil || findDemo(from: currentDirectory) != nil {
      return try resolve(options, currentDirectory: currentDirectory)
    }
    // An unwritable cache (read-only home, no HOME) falls back to the temporary directory.
    let demo: String
    do {
      demo = try EmbeddedDemo.unpack(cacheRoot: cacheRoot)
    } catch {
      let fallback = NSTemporaryDirectory() + "messagevisor-preview-\(getuid())"
      guard fallback != cacheRoot, let unpacked = try? EmbeddedDemo.unpack(cacheRoot: fallback)
      else { throw error }
      demo = unpacked
    }
    return try resolve(options, currentDirectory: currentDirectory, demo: demo)
  }

  /// Resolves paths from options. `demo` is the demo directory to fall back to (found upwards
  /// from `currentDirectory` when not given).
  public static func resolve(
    _ options: PreviewOptions, currentDirectory: String = FileManager.default.currentDirectoryPath,
    demo explicitDemo: String? = nil
  ) throws(NotFound) -> DemoPaths {
    let demo = explicitDemo ?? findDemo(from: currentDirectory)
    let project: String
    var isDemoProject = false
    if let explicit = options.project {
      project = explicit
      if let demo {
        let a = URL(fileURLWithPath: explicit, relativeTo: URL(fileURLWithPath: currentDirectory))
          .standardizedFileURL.resolvingSymlinksInPath().path
        let b = URL(fileURLWithPath: demo + "/project").standardizedFileURL
          .resolvingSymlinksInPath().path
        isDemoProject = a == b
      }
    } else if let demo {
      project = demo + "/project"
      isDemoProject = true
    } else {
      throw NotFound(start: currentDirectory)
    }
    let useDemo = isDemoProject ? demo : nil
    let resources = options.resources ?? useDemo.map { $0 + "/Resources" }
    let site: String?
    if options.otaBaseURL != nil {
      site = nil
    } else {
      site = options.otaSite ?? useDemo.map { $0 + "/ota" }
    }
    return DemoPaths(project: project, resources: resources, otaSite: site)
  }
}
