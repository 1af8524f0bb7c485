import CommandLineKit
import Foundation
import MessagevisorProject

/// `messagevisor-swift promote`: entities from one set to another.
struct PromoteCommandLine: RunnableCommand {
  static let configuration = CommandConfiguration(
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

  @OptionGroup var directory: ProjectDirectoryOption
  @Option(name: "from", value: "SET", help: "The set to copy from (required)") var from: String?
  @Option(name: "to", value: "SET", help: "The set to copy to (required)") var to: String?
  @Flag(name: "apply", help: "Write the changes (default: preview only)") var apply: Bool
  @Option(
    name: "conflicts", value: "POLICY",
    help: "When an entity differs: source, destination or fail (default: fail)")
  var conflicts: SetPromotion.ConflictPolicy = .fail
  @Option(
    name: "includeMessages", value: "GLOBS",
    help: "Only messages whose key matches, comma-separated")
  var includeMessages: String?
  @Option(
    name: "excludeMessages", value: "GLOBS",
    help: "Not messages whose key matches, comma-separated")
  var excludeMessages: String?
  @Flag(name: "excludeOverrides", help: "Copy messages without overrides (the destination's stay)")
  var excludeOverrides: Bool
  @Flag(name: "json", help: "Print the plan as JSON") var json: Bool
  @Flag(name: "pretty", help: "Pretty-print JSON output") var pretty: Bool

  /// `--from` or `--to` (`name`, given as `value`): required, and a set of the project.
  func set(_ name: String, _ value: String?) throws(CommandLineError) -> String {
    let path = directory.path ?? FileManager.default.currentDirectoryPath
    let names = ProjectConfig.setNames(projectDirectory: path)
    guard let value else {
      throw CommandLineError(
        .missing(
          "--\(name) SET" + (names.isEmpty ? "" : " (one of \(names.joined(separator: ", ")))")))
    }
    guard names.isEmpty || names.contains(value) else {
      let hint = Suggestion.closest(to: value, in: names).map { " (did you mean \($0)?)" } ?? ""
      throw CommandLineError(
        .invalidValue(
          "--" + name, value, expected: "one of \(names.joined(separator: ", "))" + hint))
    }
    return value
  }

  func validate() throws(CommandLineError) {
    _ = try set("from", from)
    _ = try set("to", to)
  }

  func run(_ output: CLIOutput) throws(CommandLineError) -> Int32 {
    var promotion = SetPromotion.Options(from: try set("from", from), to: try set("to", to))
    promotion.conflicts = conflicts
    promotion.includeMessages = GlobList(commaSeparated(includeMessages ?? ""))
    promotion.excludeMessages = GlobList(commaSeparated(excludeMessages ?? ""))
    promotion.excludeOverrides = excludeOverrides
    return PromoteCommand.run(self, promotion: promotion, output: output)
  }
}
