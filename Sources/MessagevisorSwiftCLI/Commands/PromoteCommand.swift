import Foundation
import Messagevisor
import MessagevisorProject

/// `messagevisor-swift promote --from SET --to SET`: previews copying entities between sets and
/// writes them with `--apply` (see `SetPromotion`).
enum PromoteCommand {
  /// Exit status: a usage error (an unknown or repeated set).
  static let statusUsage: Int32 = 2

  /// Plans (and with `apply`, writes) the promotion; returns 0 when it was previewed or written,
  /// 1 when it cannot be (conflicts under `fail`, a forbidden flow, a bad file, a failed write),
  /// 2 for an unknown set.
  static func run(
    _ command: PromoteCommandLine, promotion: SetPromotion.Options, output: CLIOutput
  ) -> Int32 {
    let directory = command.directory.path ?? FileManager.default.currentDirectoryPath
    let plan: SetPromotion
    do {
      plan = try SetPromotion.plan(projectDirectory: directory, options: promotion)
    } catch {
      output.error("error: \(error.description)")
      switch error {
      case .unknownSet, .sameSet: return statusUsage
      default: return 1
      }
    }
    var written: [SavedFileChange] = []
    var failure: PromotionError? = plan.blockingConflicts
    if command.apply, failure == nil {
      do { written = try plan.apply() } catch { failure = error }
    }
    let applied = command.apply && failure == nil
    if command.json {
      output.json(json(plan, applied: applied, pretty: command.pretty))
    } else {
      output.line(text(plan, applied: applied, written: written.count))
    }
    if let failure {
      output.error("error: \(failure.description)")
      return 1
    }
    return 0
  }

  /// The plan as text: one line per entity that is created, updated, conflicts or is skipped.
  static func text(_ plan: SetPromotion, applied: Bool, written: Int) -> String {
    let options = plan.options
    var lines = [
      "Promote \(options.from) → \(options.to)"
        + (applied ? "" : " (preview; run with --apply to write)")
    ]
    let listed = plan.items.filter { $0.action != .unchanged }
    for item in listed {
      let (symbol, verb): (String, String)
      switch item.action {
      case .create: (symbol, verb) = ("+", applied ? "created" : "create")
      case .update: (symbol, verb) = ("~", applied ? "updated" : "update")
      case .conflict:
        (symbol, verb) = ("!", options.conflicts == .fail ? "conflict" : "keep (destination wins)")
      case .skip: (symbol, verb) = ("-", "skip")
      case .unchanged: (symbol, verb) = ("=", "unchanged")
      }
      var line = "  \(symbol) \(verb) \(item.entityType) \(item.entityKey)"
      if let reason = item.reason { line += " (\(reason))" }
      line += "  \(item.action == .skip ? item.sourcePath : item.destinationPath)"
      lines.append(line)
    }
    var counts: [String] = []
    let creates = plan.items(.create).count
    let updates = plan.items(.update).count
    if creates > 0 { counts.append("\(creates) \(applied ? "created" : "to create")") }
    if updates > 0 { counts.append("\(updates) \(applied ? "updated" : "to update")") }
    let conflicts = plan.items(.conflict).count
    if conflicts > 0 {
      counts.append("\(conflicts) conflict\(conflicts == 1 ? "" : "s") kept as in \(options.to)")
    }
    let skipped = plan.items(.skip).count
    if skipped > 0 { counts.append("\(skipped) skipped") }
    counts.append("\(plan.items(.unchanged).count) unchanged")
    lines.append(counts.joined(separator: " · "))
    if applied { lines.append("wrote \(written) file\(written == 1 ? "" : "s")") }
    return lines.joined(separator: "\n")
  }

  /// `{from, to, applied, conflicts, summary: {create, update, conflict, unchanged, skip},
  /// entities: [{entityType, entityKey, action, sourcePath, destinationPath, reason}]}`.
  static func json(_ plan: SetPromotion, applied: Bool, pretty: Bool) -> String {
    var summary: [String: MessagevisorValue] = [:]
    for action in SetPromotion.Item.Action.allCases {
      summary[action.rawValue] = .int(plan.items(action).count)
    }
    let entities: [MessagevisorValue] = plan.items.map { item in
      .object([
        "entityType": .string(item.entityType), "entityKey": .string(item.entityKey),
        "action": .string(item.action.rawValue), "sourcePath": .string(item.sourcePath),
        "destinationPath": .string(item.destinationPath),
        "reason": item.reason.map { .string($0) } ?? .null,
      ])
    }
    return JSONText.encode(
      .object([
        "from": .string(plan.options.from), "to": .string(plan.options.to),
        "applied": .bool(applied), "conflicts": .string(plan.options.conflicts.rawValue),
        "excludeOverrides": .bool(plan.options.excludeOverrides),
        "summary": .object(summary), "entities": .array(entities),
      ]), pretty: pretty)
  }
}
