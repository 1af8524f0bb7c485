import CommandLineKit
import Foundation
import MessagevisorProject

/// The declaration of `messagevisor-swift promote` and its translation into ``PromoteCommand``.
enum PromoteCommandLine {
  /// `promote --from SET --to SET [--apply] …`.
  static let spec = CommandSpec(
    "promote",
    summary: "Copy entities from one set to another (preview; --apply writes)",
    discussion: """
      Compares every attribute, locale, segment and message of --from with --to: an entity missing
      in --to is created, one that differs is a conflict that --conflicts decides (source: the
      source's file replaces the destination's; destination: it stays; fail, the default: nothing
      is written while any entity conflicts). Entities with `promotable: false` and messages the
      filters leave out are skipped; `promotionFlows` in the config limits which sets may be
      promoted to which. The destination set is loaded as the promotion would leave it, and a
      promotion that would break it (a promoted message naming a segment that stays behind) is
      refused. Without --apply nothing is written; with it every file is written atomically, and
      a destination file changed since it was read is refused.
      """,
    options: [
      .value(
        "projectDirectoryPath", "DIR", kind: .directory,
        help: "Project root (default: current directory)"),
      .value("from", "SET", help: "The set to copy from (required)"),
      .value("to", "SET", help: "The set to copy to (required)"),
      .flag("apply", help: "Write the changes (default: preview only)"),
      .value(
        "conflicts", "POLICY", kind: .choice(SetPromotion.ConflictPolicy.allCases.map(\.rawValue)),
        help: "When an entity differs: source, destination or fail (default: fail)"),
      .value(
        "includeMessages", "GLOBS", help: "Only messages whose key matches, comma-separated"),
      .value("excludeMessages", "GLOBS", help: "Not messages whose key matches, comma-separated"),
      .flag("excludeOverrides", help: "Copy messages without overrides (the destination's stay)"),
      .flag("json", help: "Print the plan as JSON"),
      .flag("pretty", help: "Pretty-print JSON output"),
    ],
    sections: [
      HelpSection(
        "Configuration",
        """
        In messagevisor.config.yml, promotionFlows allows only the listed promotions:
          promotionFlows:
            staging: production        # or a list: [production, qa]
        """),
      HelpSection(
        "Exit status",
        """
        0 previewed or written · 1 conflicts under --conflicts=fail, a flow promotionFlows does not
        allow, a file that does not parse, a result that would not load, or a failed write ·
        2 usage error (a missing or unknown set)
        """),
    ],
    examples: [
      "messagevisor-swift promote --from staging --to production",
      "messagevisor-swift promote --from staging --to production --conflicts=source --apply",
      "messagevisor-swift promote --from staging --to production --includeMessages='checkout.*' --excludeOverrides --json",
    ])

  /// Runs `promote` with `parsed`.
  static func run(_ parsed: ParsedArguments, output: CLIOutput) throws(CommandLineError) -> Int32 {
    if let extra = parsed.positional.first {
      throw CommandLineError(.unexpectedArgument(extra), command: spec.fullName)
    }
    let path = parsed["projectDirectoryPath"] ?? FileManager.default.currentDirectoryPath
    let names = ProjectConfig.setNames(projectDirectory: path)
    func set(_ name: String) throws(CommandLineError) -> String {
      guard let value = parsed[name] else {
        throw CommandLineError(
          .missing(
            "--\(name) SET" + (names.isEmpty ? "" : " (one of \(names.joined(separator: ", ")))")),
          command: spec.fullName)
      }
      guard names.isEmpty || names.contains(value) else {
        let hint = Suggestion.closest(to: value, in: names).map { " (did you mean \($0)?)" } ?? ""
        throw CommandLineError(
          .invalidValue(
            "--" + name, value, expected: "one of \(names.joined(separator: ", "))" + hint),
          command: spec.fullName)
      }
      return value
    }
    var options = PromoteCommand.Options(from: try set("from"), to: try set("to"))
    options.projectDirectoryPath = parsed["projectDirectoryPath"]
    options.apply = parsed.flag("apply")
    options.json = parsed.flag("json")
    options.pretty = parsed.flag("pretty")
    options.promotion.conflicts =
      parsed["conflicts"].flatMap(SetPromotion.ConflictPolicy.init(rawValue:)) ?? .fail
    func globs(_ name: String) -> [String] {
      (parsed[name] ?? "").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }.filter { !$0.isEmpty }
    }
    options.promotion.includeMessages = globs("includeMessages")
    options.promotion.excludeMessages = globs("excludeMessages")
    options.promotion.excludeOverrides = parsed.flag("excludeOverrides")
    return PromoteCommand.run(options, output: output)
  }
}
