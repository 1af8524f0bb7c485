import Foundation
import Messagevisor
import MessagevisorProject

/// How a project command loads its project: the options every `messagevisor-swift` project
/// command shares (`--projectDirectoryPath`, `--set`, `--withIcuModule`, …) and its `--target`,
/// as the command line gave them.
///
/// The commands make it from their `ProjectOptions` group (`commandOptions(target:)`) and visit
/// each set with it; ``BuildCommand`` takes it in its options.
public struct ProjectCommandOptions: Sendable, Equatable {
  /// The project root (default: the current directory).
  public var projectDirectoryPath: String?
  /// The set to load when the project uses sets.
  public var set: String?
  /// Install the ICU module (`nil`: as the config says).
  public var withIcuModule: Bool?
  /// Install the interpolation module (`nil`: as the config says).
  public var withInterpolationModule: Bool?
  /// Override the entity file format: `yml` or `json` (validated when the project loads).
  public var parser: String?
  /// Override the namespace character.
  public var namespaceCharacter: String?
  /// The target named by `--target`, when given (commands default it differently).
  public var target: String?

  /// Creates options with every default.
  public init() {}

  /// The sets a command visits: `set` when given; else every set of a project that uses sets;
  /// else `[nil]` (a project without sets, or one whose config does not load: the command then
  /// reports that error when it loads the project).
  public func setsToVisit() -> [String?] {
    guard set == nil else { return [set] }
    let path = projectDirectoryPath ?? FileManager.default.currentDirectoryPath
    guard let config = try? ProjectConfig.load(directory: path), config.sets else { return [nil] }
    let names = ProjectConfig.setNames(projectDirectory: path)
    return names.isEmpty ? [nil] : names
  }

  /// Runs `body` once per set of ``setsToVisit()`` (with ``set`` naming it), under a
  /// `Set NAME` heading in text output when there are several; returns the worst exit status.
  func runEverySet(
    output: CLIOutput, headings: Bool, _ body: (ProjectCommandOptions) -> Int32
  ) -> Int32 {
    let sets = setsToVisit()
    var status: Int32 = 0
    for (index, name) in sets.enumerated() {
      var options = self
      options.set = name
      if headings, sets.count > 1, let name {
        if index > 0 { output.line() }
        output.line("Set \(name)")
      }
      status = max(status, body(options))
    }
    return status
  }

  /// Applies `--parser`, `--namespaceCharacter` and the module switches to `config`.
  /// - Throws: a `--parser` error when it names neither yml nor json.
  func override(_ config: inout ProjectConfig) throws(ProjectError) {
    if let parser {
      guard let value = ProjectConfig.Parser(rawValue: parser) else {
        throw ProjectError(file: "--parser", message: "use yml or json")
      }
      config.parser = value
    }
    if let namespaceCharacter { config.namespaceCharacter = namespaceCharacter }
    if let withIcuModule { config.icuModule = withIcuModule }
    if let withInterpolationModule { config.interpolationModule = withInterpolationModule }
  }

  /// Loads the project named by the options, printing config notes to stderr.
  func loadProject(output: CLIOutput, quiet: Bool = false) throws(ProjectError) -> Project {
    let path = projectDirectoryPath ?? FileManager.default.currentDirectoryPath
    var config = try ProjectConfig.load(directory: path)
    try override(&config)
    // Notes only for a project that loads: a missing project gets its error alone.
    let project = try ProjectLoader().load(path: path, set: set, config: config)
    output.keepUntilExit(project)
    if !quiet {
      for note in config.notes { output.error("note: \(note)") }
    }
    return project
  }

  /// The project loaded for assertions (with ``withDefaultTarget(_:output:)``) and run options
  /// naming their target (`--target`, default `swift`).
  func loadForAssertions(output: CLIOutput) throws(ProjectError) -> (Project, TestRunOptions) {
    let project = withDefaultTarget(try loadProject(output: output), output: output)
    var options = TestRunOptions()
    options.target = target ?? "swift"
    return (project, options)
  }

  /// Without `--target`, assertions default to the `swift` target; a project that has none gets
  /// an implicit one (every message and locale, no context), like upstream's `swift` target.
  func withDefaultTarget(_ project: Project, output: CLIOutput) -> Project {
    guard target == nil, project.targets["swift"] == nil else { return project }
    let copy = project.addingImplicitTarget(named: "swift")
    output.error(
      "note: the project has no \"swift\" target; using an implicit one with every message and locale and no context (pass --target to choose)"
    )
    return copy
  }
}
