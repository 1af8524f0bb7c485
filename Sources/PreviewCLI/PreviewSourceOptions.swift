import CommandLineKit
import Preview

/// The options that choose the project and its sources, shared by the previewer and `gallery`.
struct PreviewSourceOptions: ParsableArguments, Sendable {
  @Option(
    name: "project", value: "DIR", kind: .directory,
    help: "Messagevisor project to load (default: the demo)")
  var project: String?
  @Option(
    name: "target", value: "NAME",
    help: """
      the project target to show (default: the only target, else "terminal";
      otherwise the previewer lists the targets and exits 64)
      """)
  var target: String?
  @Option(
    name: "set", value: "NAME",
    help: """
      the set to show, for a project whose config says sets: true (its
      messages, locales, targets and previews under sets/NAME/); default: the
      first set, and S in the previewer switches (see SETS)
      """)
  var set: String?
  @Option(
    name: "resources", value: "DIR", kind: .directory,
    help: "bundled catalogs (.xcstrings/.strings/.stringsdict; demo: Demo/Resources)")
  var resources: String?
  @Option(
    name: "ota-site", value: "DIR", kind: .directory, help: "local OTA site (demo: Demo/ota)")
  var otaSite: String?
  @Option(name: "ota-base-url", value: "URL", help: "OTA over HTTP(S) instead of a local site")
  var otaBaseURL: String?
  @Option(name: "ota-publish-id", value: "ID", help: "OTA publish id (default: the demo's)")
  var otaPublishID: String?
  @Option(
    name: "cache-dir", value: "DIR", kind: .directory,
    help: "OTA cache directory (default: see FILES; must be a directory)")
  var cacheDirectory: String?

  /// Sets the options that were given.
  func apply(to options: inout PreviewOptions) {
    if let project { options.project = project }
    if let target { options.target = target }
    if let set { options.projectSet = set }
    if let resources { options.resources = resources }
    if let otaSite { options.otaSite = otaSite }
    if let otaBaseURL { options.otaBaseURL = otaBaseURL }
    if let otaPublishID { options.otaPublishID = otaPublishID }
    if let cacheDirectory { options.cacheDirectory = cacheDirectory }
  }
}
