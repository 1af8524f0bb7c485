import CommandLineKit

/// `--projectDirectoryPath DIR`: the option every project command has (``ProjectOptions``
/// starts with it; `promote` has it alone).
struct ProjectDirectoryOption: ParsableArguments, Sendable {
  /// The project root (`nil`: the current directory).
  @Option(
    name: "projectDirectoryPath", value: "DIR", kind: .directory,
    help: "Project root (default: current directory)")
  var path: String?
}
