import CommandLineKit
import Foundation
import MessagevisorProject
import ReRune

extension ProjectCommandLine {
  /// `lint`: the parsed flags as ``LintCommand/Options``, with the previewer's screens and
  /// measures; colour only on a terminal without `NO_COLOR`.
  static func runLint(
    _ spec: CommandSpec, _ parsed: ParsedArguments, project: ProjectCommandOptions,
    output: CLIOutput
  ) throws(CommandLineError) -> Int32 {
    var options = LintCommand.Options()
    options.project = project
    options.format = parsed["format"].flatMap(LintCommand.Format.init(rawValue:)) ?? .text
    options.pretty = parsed.flag("pretty")
    options.lint.locale = parsed["locale"]
    options.lint.threshold = parsed["severity"].flatMap(LintLevel.init(rawValue:)) ?? .info
    func codes(_ name: String) throws(CommandLineError) -> Set<String> {
      let text = parsed[name] ?? ""
      let codes = Set(
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
          .filter { !$0.isEmpty })
      let known = Set(LintRule.all.map(\.code))
      guard codes.isSubset(of: known) else {
        throw CommandLineError(
          .invalidValue(
            "--" + name, text,
            expected: "codes among \(LintRule.all.map(\.code).joined(separator: ", "))"),
          command: spec.fullName)
      }
      return codes
    }
    options.lint.only = try codes("only")
    options.lint.skip = try codes("skip")
    let path = project.projectDirectoryPath ?? FileManager.default.currentDirectoryPath
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw CommandLineError(
        .invalidValue("--projectDirectoryPath", path, expected: "an existing project directory"),
        command: spec.fullName)
    }
    LintScreenSource.prepare(&options.lint, path: path, target: project.target, set: project.set)
    options.lint.sha256Hex = { SHA256Digest.hex($0) }
    let environment = ProcessInfo.processInfo.environment
    options.color =
      isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"].map(\.isEmpty) ?? true
      && environment["TERM"] != "dumb"
    return LintCommand.run(options, output: output)
  }
}
