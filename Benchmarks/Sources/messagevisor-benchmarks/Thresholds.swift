import Foundation

/// The budgets of the benchmark rows, read from `Benchmarks/Thresholds/<group>.json` (one file per
/// group; `--thresholds DIR` reads another directory). A row names its threshold by id
/// (`report.add(group, name, id: …)`); the code holds no budget of its own.
///
/// Two kinds of threshold:
/// - timing (`limit` in `unit`, `ratio` to the reference measured in the same run): judged in
///   every run, but a miss fails only a full run (quick mode's small N is not the budget run);
/// - deterministic (`allocations` per call, read from the counting allocator, and `instructions`
///   per call of an engine probe, counted by `Benchmarks/instructions`): a miss always fails.
struct Thresholds {
  /// One row's budget.
  struct Entry {
    /// The row's stable id within its group.
    var id: String
    /// What the budget table calls the benchmark.
    var benchmark: String
    /// The issue that set the budget ("#18").
    var issue: String?
    /// Upper bound on the median, in `unit`.
    var limit: Double?
    /// The unit of `limit` (`ns`, `µs`, `ms`, `s`, `%`, `MB`).
    var unit: String?
    /// `limit` is strict (`<`).
    var strict = false
    /// Upper bound on the median divided by the reference's median.
    var ratio: Double?
    /// What the ratio is taken against (for the budget table).
    var reference: String?
    /// Deterministic: allocations per call at most.
    var allocations: Double?
    /// Deterministic: instructions per call of `probe` (an `EngineProbe` flag) at most.
    var instructions: Int?
    /// The probe whose instructions are counted.
    var probe: String?

    /// The timing part as a ``Budget`` (nil without a limit or ratio).
    var budget: Budget? {
      guard limit != nil || ratio != nil else { return nil }
      return Budget(limit: limit, ratio: ratio, strict: strict)
    }

    static let fields: Set<String> = [
      "id", "benchmark", "issue", "limit", "unit", "strict", "ratio", "reference", "allocations",
      "instructions", "probe",
    ]
  }

  /// A threshold file that cannot be used: where and why.
  struct FileError: Error, CustomStringConvertible {
    var file: String
    var text: String
    var description: String { "\(file): \(text)" }
  }

  /// The entries of each group, in file order.
  private(set) var groups: [(group: String, entries: [Entry])] = []

  /// `<root>/Benchmarks/Thresholds`.
  static func defaultDirectory(root: URL) -> URL {
    root.appendingPathComponent("Benchmarks/Thresholds")
  }

  /// Reads every `*.json` in `directory` (sorted by name); the file name is the group.
  static func load(_ directory: URL) throws -> Thresholds {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasSuffix(".json") }.sorted()
    } catch {
      throw FileError(file: directory.path, text: "cannot read the thresholds directory")
    }
    var result = Thresholds()
    for name in names {
      let url = directory.appendingPathComponent(name)
      let group = String(name.dropLast(".json".count))
      result.groups.append((group, try parse(Data(contentsOf: url), file: url.path)))
    }
    return result
  }

  /// Parses one file: `{"rows": [{"id": …, "benchmark": …, …}, …]}`.
  static func parse(_ data: Data, file: String) throws -> [Entry] {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let rows = object["rows"] as? [[String: Any]]
    else { throw FileError(file: file, text: "expected an object with a \"rows\" array") }
    var entries: [Entry] = []
    for (index, row) in rows.enumerated() {
      let place = "rows[\(index)]"
      for key in row.keys where !Entry.fields.contains(key) {
        throw FileError(
          file: file,
          text:
            "\(place): unknown field \"\(key)\" (fields: \(Entry.fields.sorted().joined(separator: ", ")))"
        )
      }
      func string(_ key: String) throws -> String? {
        guard let value = row[key] else { return nil }
        guard let text = value as? String else {
          throw FileError(file: file, text: "\(place).\(key): expected a string")
        }
        return text
      }
      func number(_ key: String) throws -> Double? {
        guard let value = row[key] else { return nil }
        guard let number = value as? NSNumber, number.doubleValue >= 0 else {
          throw FileError(file: file, text: "\(place).\(key): expected a number ≥ 0")
        }
        return number.doubleValue
      }
      guard let id = try string("id"), !id.isEmpty else {
        throw FileError(file: file, text: "\(place): \"id\" is missing")
      }
      guard !entries.contains(where: { $0.id == id }) else {
        throw FileError(file: file, text: "\(place): id \"\(id)\" is used twice")
      }
      var entry = Entry(id: id, benchmark: try string("benchmark") ?? id)
      entry.issue = try string("issue")
      entry.limit = try number("limit")
      entry.unit = try string("unit")
      entry.ratio = try number("ratio")
      entry.reference = try string("reference")
      entry.allocations = try number("allocations")
      entry.instructions = try number("instructions").map { Int($0) }
      entry.probe = try string("probe")
      if let strict = row["strict"] {
        guard let flag = strict as? Bool else {
          throw FileError(file: file, text: "\(place).strict: expected true or false")
        }
        entry.strict = flag
      }
      if entry.limit != nil, entry.unit.flatMap(Unit.init(rawValue:)) == nil {
        throw FileError(
          file: file, text: "\(place) (\(id)): \"limit\" needs a \"unit\" (ns, µs, ms, s, %, MB)")
      }
      if (entry.instructions == nil) != (entry.probe == nil) {
        throw FileError(
          file: file, text: "\(place) (\(id)): \"instructions\" and \"probe\" go together")
      }
      if let probe = entry.probe, !EngineProbe.flags.contains(probe) {
        throw FileError(
          file: file,
          text:
            "\(place) (\(id)): unknown probe \(probe) (probes: \(EngineProbe.flags.joined(separator: " ")))"
        )
      }
      entries.append(entry)
    }
    return entries
  }

  /// The entry `id` of `group`.
  func entry(_ group: String, _ id: String) -> Entry? {
    groups.first { $0.group == group }?.entries.first { $0.id == id }
  }

  /// Every entry with an instruction threshold.
  var instructionEntries: [(group: String, entry: Entry)] {
    groups.flatMap { item in
      item.entries.filter { $0.instructions != nil }.map { (item.group, $0) }
    }
  }

  /// The budget table of BENCHMARKS.md: one line per threshold.
  func budgetTable() -> String {
    var lines = ["| group | benchmark | budget | issue |", "|---|---|---|---|"]
    for (group, entries) in groups {
      for entry in entries {
        var parts: [String] = []
        if let limit = entry.limit, let unit = entry.unit {
          parts.append("median \(entry.strict ? "<" : "≤") \(Report.format(limit)) \(unit)")
        }
        if let ratio = entry.ratio {
          parts.append(
            "≤ \(Report.format(ratio))× \(entry.reference ?? "the reference") (same run)")
        }
        if let allocations = entry.allocations {
          parts.append("≤ \(Report.format(allocations)) allocations per call")
        }
        if let instructions = entry.instructions, let probe = entry.probe {
          parts.append("≤ \(instructions) instructions per call (`\(probe)`)")
        }
        let cells = [group, entry.benchmark, parts.joined(separator: "; "), entry.issue ?? "—"]
          .map { $0.replacingOccurrences(of: "|", with: "\\|") }
        lines.append("| " + cells.joined(separator: " | ") + " |")
      }
    }
    return lines.joined(separator: "\n")
  }
}
