import Foundation

/// A budget: an upper bound on the median, and optionally on the ratio to the reference.
struct Budget {
  var limit: Double?
  var ratio: Double?
  /// Strict (`<`) instead of `≤`.
  var strict = false

  static func atMost(_ limit: Double, ratio: Double? = nil) -> Budget {
    Budget(limit: limit, ratio: ratio)
  }

  static func below(_ limit: Double) -> Budget { Budget(limit: limit, strict: true) }
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

  var ratio: Double? {
    guard let median, let reference, reference.median > 0 else { return nil }
    return median / reference.median
  }

  /// nil = no budget (or skipped); true = met.
  var met: Bool? {
    guard let budget, let median else { return nil }
    var ok = true
    if let limit = budget.limit { ok = ok && (budget.strict ? median < limit : median <= limit) }
    if let bound = budget.ratio, let ratio { ok = ok && ratio <= bound }
    return ok
  }
}

/// Collects rows and prints the table.
final class Report {
  private(set) var rows: [Row] = []
  let quick: Bool

  init(quick: Bool) { self.quick = quick }

  /// Adds a row from samples already in `unit`.
  func add(
    _ group: String, _ name: String, samples: [Double], unit: Unit,
    reference: (name: String, median: Double)? = nil, budget: Budget? = nil,
    clock: String? = nil, note: String = ""
  ) {
    let isTime = [.ns, .us, .ms, .s].contains(unit)
    let row = Row(
      group: group, name: name, median: Harness.median(samples), unit: unit, runs: samples.count,
      reference: reference, budget: budget, note: note,
      clock: isTime ? (clock ?? (Harness.cpuClock ? "cpu" : "wall")) : "—")
    rows.append(row)
    progress(row)
  }

  /// Adds a row from samples in nanoseconds, converted to `unit`.
  func addNanoseconds(
    _ group: String, _ name: String, samples: [Double], unit: Unit = .ns,
    reference: (name: String, median: Double)? = nil, budget: Budget? = nil,
    clock: String? = nil, note: String = ""
  ) {
    add(
      group, name, samples: samples.map(unit.fromNanoseconds), unit: unit, reference: reference,
      budget: budget, clock: clock, note: note)
  }

  /// Adds a visible "skipped" row.
  func skip(_ group: String, _ name: String, unit: Unit, budget: Budget? = nil, note: String) {
    let row = Row(
      group: group, name: name, median: nil, unit: unit, runs: 0, reference: nil, budget: budget,
      note: "SKIPPED: " + note)
    rows.append(row)
    progress(row)
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

  static func budgetText(_ budget: Budget?, unit: Unit) -> String {
    guard let budget else { return "—" }
    var parts: [String] = []
    if let limit = budget.limit {
      parts.append((budget.strict ? "< " : "≤ ") + format(limit) + " " + unit.rawValue)
    }
    if let ratio = budget.ratio { parts.append("≤ " + format(ratio) + "×") }
    return parts.joined(separator: ", ")
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
      case .some(false): status = "**MISS**"
      case .none: status = row.median == nil ? "skip" : "—"
      }
      let cells = [
        row.group, row.name, median, row.median == nil ? "0" : "\(row.runs)", row.clock, reference,
        ratio,
        Self.budgetText(row.budget, unit: row.unit), status, row.note,
      ].map { $0.replacingOccurrences(of: "|", with: "\\|") }
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
  }

  var misses: [Row] { rows.filter { $0.met == false } }
}
