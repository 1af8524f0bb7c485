import CommandLineKit
import Foundation
import MessagevisorProject

/// `messagevisor-swift build`: datafiles for every target and locale.
struct BuildCommandLine: RunnableCommand {
  static let configuration = CommandConfiguration(
    "build", summary: "Build datafiles (datafiles/…/messagevisor-<target>-<locale>.json)",
    sections: [
      HelpSection(
        "Output",
        """
        Files are written to datafiles/[<target dirs>/]messagevisor-<targetLeaf>-<locale>.json and the
        revision to .messagevisor/REVISION. Keys are sorted, so builds are deterministic.
        In a project with sets, every set (or the one --set names) is built into <output>/<set>/
        with its own revision in .messagevisor/<set>/REVISION.
        On a terminal, a build longer than a second shows progress on standard error.
        """),
      HelpSection(
        "Cache",
        """
        A build of every target and locale keeps what it read and built in a cache: the next
        build parses only files whose content changed, and when nothing changed it writes the
        same datafiles with the new revision without building them. The cache lives in
        $MESSAGEVISOR_CACHE_DIR, else $XDG_CACHE_HOME/messagevisor-swift, else
        ~/.cache/messagevisor-swift: two files per project and set (for projects of 500 entity
        files or more), replaced by every build. A damaged or foreign cache file is ignored and
        rewritten; when the cache cannot be written the build goes on without it and says so
        once. --no-cache builds without it; so do --json, --target, --locale and config
        overrides such as --parser.
        """),
      HelpSection("Exit status", "0 built · 1 the project or a file has an error · 2 usage error"),
    ],
    examples: [
      "messagevisor-swift build --projectDirectoryPath=path/to/project",
      "messagevisor-swift build --projectDirectoryPath=path/to/project --target=web --locale=en-US --json",
      "messagevisor-swift build --projectDirectoryPath=path/to/project --revision=42",
    ])

  @OptionGroup var project: ProjectOptions
  @Option(name: "target", value: "NAME", help: "Build only this target") var target: String?
  @Option(name: "locale", value: "LOCALE", help: "Build only this locale") var locale: String?
  @Option(
    name: "revision", value: "REVISION", help: "Revision to write (default: previous REVISION + 1)")
  var revision: String?
  @Flag(name: "json", help: "Print newline-delimited JSON instead of writing files/state")
  var json: Bool
  @Option(
    name: "datafilesDirectoryPath", value: "DIR", kind: .directory,
    help: "Output directory (default: <project>/datafiles)")
  var datafilesDirectoryPath: String?

  @Flag(name: "no-cache", help: "Do not read or write the build cache (see Cache)")
  var noCache: Bool

  func validate() throws(CommandLineError) { try project.checkSet() }

  func run(_ output: CLIOutput) -> Int32 {
    var options = BuildCommand.Options()
    options.project = project.commandOptions(target: target)
    options.locale = locale
    options.revision = revision
    options.json = json
    options.datafilesDirectoryPath = datafilesDirectoryPath
    options.cacheDirectory = noCache ? nil : BuildCacheStore.defaultDirectory()
    return BuildCommand.run(options, output: output)
  }
}
