import Foundation

/// `--check-instructions FILE`: judges the instructions per call that `Benchmarks/instructions`
/// counted (valgrind, deterministic; FILE holds lines `probe count`) against the thresholds that
/// name a probe. Prints one table; exits 1 when a count exceeds its threshold or a threshold's
/// probe was not counted, 65 when FILE cannot be read.
enum InstructionCheck {
  static func run(_ file: URL, _ thresholds: Thresholds) -> Int32 {
    guard let text = try? String(contentsOf: file, encoding: .utf8) else {
      FileHandle.standardError.write(Data("error: cannot read \(file.path)\n".utf8))
      return 65
    }
    var counts: [String: Int] = [:]
    for (number, line) in text.split(separator: "\n").enumerated() {
      let fields = line.split(separator: " ")
      guard fields.count == 2, let count = Int(fields[1]) else {
        FileHandle.standardError.write(
          Data("error: \(file.path):\(number + 1): expected `probe count`, got \"\(line)\"\n".utf8))
        return 65
      }
      counts[String(fields[0])] = count
    }
    var failed = 0
    print("| group | threshold | probe | instructions per call | threshold | status |")
    print("|---|---|---|---:|---:|---|")
    for (group, entry) in thresholds.instructionEntries {
      guard let probe = entry.probe, let limit = entry.instructions else { continue }
      let status: String
      var counted = "—"
      if let count = counts[probe] {
        counted = String(count)
        status = count <= limit ? "ok" : "**MISS**"
      } else {
        status = "**NOT COUNTED**"
      }
      if status != "ok" { failed += 1 }
      print("| \(group) | \(entry.id) | `\(probe)` | \(counted) | ≤ \(limit) | \(status) |")
    }
    print("")
    print(
      failed == 0
        ? "every instruction threshold met"
        : "\(failed) instruction threshold(s) missed or not counted: the run fails")
    return failed == 0 ? 0 : 1
  }
}
