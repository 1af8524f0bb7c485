import CommandLineKit
import Foundation
import MessagevisorProject

/// The options that say how a project command loads its project (`--projectDirectoryPath`,
/// `--set`, the module switches, `--parser`, `--namespaceCharacter`). `--target` is declared by
/// each command, because each explains it differently.
struct ProjectOptions: ParsableArguments, Sendable {
  @OptionGroup var directory: ProjectDirectoryOption
  @Option(
    name: "set", value: "NAME",
    help: "Only this set of a project that uses sets (default: every set)")
  var set: String?
  @Flag(name: "withIcuModule", help: "Install the ICU module (default: as the config says)")
  var withIcuModule: Bool?
  @Flag(
    name: "withInterpolationModule",
    help: "Install the interpolation module (default: as the config says)")
  var withInterpolationModule: Bool?
  @Option(name: "parser", value: "FORMAT", help: "Override the entity file format: yml or json")
  var parser: String?
  @Option(
    name: "namespaceCharacter", value: "CHARACTER", help: "Override the namespace character")
  var namespaceCharacter: String?

  /// The options as the `MessagevisorProject` commands take them.
  func commandOptions(target: String? = nil) -> ProjectCommandOptions {
    var options = ProjectCommandOptions()
    options.projectDirectoryPath = directory.path
    options.set = set
    options.withIcuModule = withIcuModule
    options.withInterpolationModule = withInterpolationModule
    options.parser = parser
    options.namespaceCharacter = namespaceCharacter
    options.target = target
    return options
  }

  /// A `--set` that is not a set of a project that uses sets is a usage error listing the sets
  /// (with the closest one when it looks like a typo). A project without sets, or whose config
  /// does not load, is left to the command, which reports it.
  func checkSet() throws(CommandLineError) {
    guard let set else { return }
    let path = directory.path ?? FileManager.default.currentDirectoryPath
    guard let config = try? ProjectConfig.load(directory: path), config.sets else { return }
    let names = ProjectConfig.setNames(projectDirectory: path)
    guard !names.contains(set) else { return }
    let known =
      names.isEmpty ? "a set, but sets/ has none" : "one of \(names.joined(separator: ", "))"
    let suggestion = Suggestion.didYouMean(set, in: names)
    throw CommandLineError(.invalidValue("--set", set, expected: known + suggestion))
  }
}
