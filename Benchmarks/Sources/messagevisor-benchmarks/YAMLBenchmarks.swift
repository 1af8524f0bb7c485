import Foundation
import MessagevisorProject

/// The YAML parser's hostile-input limits (issue 16, findings 7 and 8): a 100,000-key mapping
/// (duplicate keys checked with a hash set, so linear) against a 100,000-item sequence of the same
/// scalars (no key check at all) as the reference, and a 1 MB anchored string repeated by 3,000
/// aliases, which the 16 MiB expansion budget must stop quickly.
enum YAMLBenchmarks {
  static let group = "yaml"

  static func run(_ settings: Settings, _ report: Report) throws {
    let count = 100_000
    var mapping = ""
    var sequence = ""
    for index in 0..<count {
      mapping += "key\(index): \(index)\n"
      sequence += "- key\(index) \(index)\n"
    }
    let parser = YAMLParser()
    let runs = settings.repetitions(7)
    var parsedKeys = 0
    let sequenceSamples = try Harness.loop(runs: runs) {
      _ = try parser.parse(sequence, file: "sequence.yml")
    }
    let reference = (
      name: "100k-item sequence", median: Harness.median(sequenceSamples) / 1e6
    )
    report.addNanoseconds(
      group, "100k-item sequence (reference)", samples: sequenceSamples, unit: .ms)
    let mappingSamples = try Harness.loop(runs: runs) {
      parsedKeys = try parser.parse(mapping, file: "mapping.yml").entries?.count ?? 0
    }
    guard parsedKeys == count else {
      throw YAMLError(file: "mapping.yml", line: 0, column: 0, message: "parsed \(parsedKeys) keys")
    }
    report.addNanoseconds(
      group, "100k-key mapping, duplicate check", id: "duplicate-check",
      samples: mappingSamples, unit: .ms, reference: reference,
      note: "issue 16: 43 s before, quadratic")

    var bomb = "big: &big \"" + String(repeating: "x", count: 1_000_000) + "\"\nrefs:\n"
    for _ in 0..<3_000 { bomb += "  - *big\n" }
    var message = ""
    let bombSamples = Harness.loop(runs: runs) {
      do {
        _ = try parser.parse(bomb, file: "bomb.yml")
      } catch {
        message = "\(error)"
      }
    }
    guard message.contains("alias expansion exceed") else {
      throw YAMLError(file: "bomb.yml", line: 0, column: 0, message: "not rejected: \(message)")
    }
    report.addNanoseconds(
      group, "1 MB string × 3,000 aliases, rejected", id: "alias-bomb", samples: bombSamples,
      unit: .ms, note: "stops at line 19 (16 MiB); 227 s and 8.8 GB before")
  }
}
