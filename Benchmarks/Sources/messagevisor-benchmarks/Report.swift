import Foundation

/// A timing budget (from ``Thresholds``): an upper bound on the median, and optionally on the
/// ratio to the reference.
struct Budget {
  var limit: Double?
  var ratio: Double?
  /// Strict (`<`) instead of `≤`.
  var strict = false
}

/// Units a row is printed in; values are stored in the unit itself.
enum Unit: String {
  case ns
  case us = "µs"
  case ms, s
  case percent = "%"
  case mb = "MB"

  /// Converts nanoseconds to this unit (time units only).
  func fromNanoseconds(_ value: Double) -> Double {
    switch self {
    case .ns: return value
    case .us: return value / 1e3
    case .ms: return value / 1e6
    case .s: return value / 1e9
    case .percent, .mb: return value
    }
  }
}

/// One line of the result table.
struct Row {
  var group: String
  var name: String
  /// The median in `unit` (nil when skipped).
  var median: Double?
  var unit: Unit
  /// Number of samples behind the median.
  var runs: Int
  /// The reference measured in the same run (name, median in `unit`).
  var reference: (name: String, median: Double)?
  var budget: Budget?
  var note: String = ""
  /// "cpu" (thread CPU time), "wall" or "—" (not a time).
  var clock: String = "—"
  /// Allocations per call, when counted (deterministic).
  var allocations: Double?
  /// The threshold on `allocations` (deterministic: a miss fails every run).
  var allocationLimit: Double?

  var ratio: Double? {
    guard let median, let reference, reference.median > 0 else { return nil }
    return median / reference.median
  }

  /// The timing budget: nil = none (or skipped); true = met.
  var timingMet: Bool? {
    guard let budget, let median else { return nil }
    var ok = true
    if let limit = budget.limit { ok = ok && (budget.strict ? median < limit : median <= limit) }
    if let bound = budget.ratio, let ratio { ok = ok && ratio <= bound }
    return ok
  }

  /// The deterministic thresholds: nil = none (or not counted); true = met.
  var deterministicMet: Bool? {
    guard let allocationLimit, let allocations else { return nil }
    return allocations <= allocationLimit
  }

  /// Every threshold of the row: nil = none; true = all met.
  var met: Bool? {
    switch (timingMet, deterministicMet) {
    case (nil, nil): return nil
    case (let timing, let counted): return timing != false && counted != false
    }
  }
}

/// Collects rows, judges them against their ``Thresholds`` and prints the table.
final class Report {
  private(set) var rows: [Row] = []
  let quick: Bool
  let thresholds: Thresholds
  /// Problems with the thresholds themselves (a unit that does not match the row's, an id used by
  /// no row): they fail the run like a miss, since a budget that is never checked checks nothing.
  private(set) var thresholdErrors: [String] = []
  /// The (group, id) pairs rows asked for.
  private var usedIDs: Set<String> = []

  init(quick: Bool, thresholds: Thresholds = Thresholds()) {
    self.quick = quick
    self.thresholds = thresholds
  }

  /// Adds a row from samples already in `unit`. `id` names the row's threshold in
  /// `Benchmarks/Thresholds/<group>.json`; `allocations` is the counted allocations per call.
  func add(
    _ group: String, _ name: String, id: String? = nil, samples: [Double], unit: Unit,
    reference: (name: String, median: Double)? = nil, clock: String? = nil, note: String = "",
    allocations: Double? = nil
  ) {
    let isTime = [.ns, .us, .ms, .s].contains(unit)
    var row = Row(
      group: group, name: name, median: Harness.median(samples), unit: unit, runs: samples.count,
      reference: reference, budget: nil, note: note,
      clock: isTime ? (clock ?? (Harness.cpuClock ? "cpu" : "wall")) : "—")
    if let allocations {
      row.allocations = allocations
      let text = Allocations.text(allocations)
      row.note += (row.note.isEmpty ? "" : "; ") + "allocs/call \(text)"
    }
    apply(id, to: &row)
    rows.append(row)
    progress(row)
  }

  /// Adds a row from samples in nanoseconds, converted to `unit`.
  func addNanoseconds(
    _ group: String, _ name: String, id: String? = nil, samples: [Double], unit: Unit = .ns,
    reference: (name: String, median: Double)? = nil, clock: String? = nil, note: String = "",
    allocations: Double? = nil
  ) {
    add(
      group, name, id: id, samples: samples.map(unit.fromNanoseconds), unit: unit,
      reference: reference, clock: clock, note: note, allocations: allocations)
  }

  /// Adds a visible "skipped" row.
  func skip(_ group: String, _ name: String, id: String? = nil, unit: Unit, note: String) {
    var row = Row(
      group: group, name: name, median: nil, unit: unit, runs: 0, reference: nil, budget: nil,
      note: "SKIPPED: " + note)
    apply(id, to: &row)
    rows.append(row)
    progress(row)
  }

  /// Attaches the threshold `id` of the row's group.
  private func apply(_ id: String?, to row: inout Row) {
    guard let id else { return }
    usedIDs.insert(row.group + "/" + id)
    guard let entry = thresholds.entry(row.group, id) else {
      thresholdErrors.append(
        "\(row.group) / \(row.name): no threshold \"\(id)\" in Thresholds/\(row.group).json")
      return
    }
    if entry.limit != nil, entry.unit != row.unit.rawValue {
      thresholdErrors.append(
        "\(row.group)/\(id): the threshold's unit \(entry.unit ?? "—") is not the row's "
          + row.unit.rawValue)
    }
    row.budget = entry.budget
    row.allocationLimit = entry.allocations
    if entry.allocations != nil, row.median != nil, row.allocations == nil, Allocations.available {
      thresholdErrors.append(
        "\(row.group)/\(id): has an allocation threshold but the row counts no allocations")
    }
  }

  /// Thresholds of `groups` (the groups that ran) that no row asked for: a renamed or misspelt id.
  func unusedThresholds(in groups: Set<String>) -> [String] {
    var unused: [String] = []
    for (group, entries) in thresholds.groups where groups.contains(group) {
      for entry in entries where !usedIDs.contains(group + "/" + entry.id) {
        unused.append(group + "/" + entry.id)
      }
    }
    return unused
  }

  private func progress(_ row: Row) {
    let value = row.median.map { Self.format($0) + " " + row.unit.rawValue } ?? "skipped"
    FileHandle.standardError.write(Data("  · \(row.group) / \(row.name): \(value)\n".utf8))
  }

  static func format(_ value: Double) -> String {
    if value.isNaN { return "n/a" }
    let magnitude = abs(value)
    if magnitude >= 1000 { return String(format: "%.0f", value) }
    if magnitude >= 100 { return String(format: "%.0f", value) }
    if magnitude >= 10 { return String(format: "%.1f", value) }
    return String(format: "%.2f", value)
  }

  static func budgetText(_ budget: Budget?, allocations: Double?, unit: Unit) -> String {
    var parts: [String] = []
    if let limit = budget?.limit {
      parts.append((budget?.strict == true ? "< " : "≤ ") + format(limit) + " " + unit.rawValue)
    }
    if let ratio = budget?.ratio { parts.append("≤ " + format(ratio) + "×") }
    if let allocations { parts.append("≤ " + format(allocations) + " allocs") }
    return parts.isEmpty ? "—" : parts.joined(separator: ", ")
  }

  /// The table as Markdown (pasteable into BENCHMARKS.md).
  func table() -> String {
    var lines = [
      "| group | benchmark | median | runs | clock | reference (same run) | ratio | budget | status | note |",
      "|---|---|---:|---:|---|---|---:|---|---|---|",
    ]
    for row in rows {
      let median = row.median.map { Self.format($0) + " " + row.unit.rawValue } ?? "—"
      let reference =
        row.reference.map { "\($0.name) \(Self.format($0.median)) \(row.unit.rawValue)" } ?? "—"
      let ratio = row.ratio.map { Self.format($0) + "×" } ?? "—"
      let status: String
      switch row.met {
      case .some(true): status = "ok"
      case .some(false): status = row.deterministicMet == false || !quick ? "**MISS**" : "miss"
      case .none: status = row.median == nil ? "skip" : "—"
      }
      let cells = [
        row.group, row.name, median, row.median == nil ? "0" : "\(row.runs)", row.clock, reference,
        ratio,
        Self.budgetText(row.budget, allocations: row.allocationLimit, unit: row.unit), status,
        row.note,
      ].map { $0.replacingOccurrences(of: "|", with: "\\|") }
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
  }

  /// Rows that missed a threshold.
  var misses: [Row] { rows.filter { $0.met == false } }

  /// Misses that fail this run: deterministic ones always, timing ones in a full run.
  var failingMisses: [Row] {
    rows.filter { $0.deterministicMet == false || (!quick && $0.timingMet == false) }
  }
}
