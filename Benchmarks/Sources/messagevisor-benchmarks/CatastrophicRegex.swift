import Foundation
import Messagevisor

/// Issue 16, finding 6: a datafile of 50 overrides `matches "^(a+)+$"` against a context value
/// that makes each search backtrack catastrophically. Each `translate` may spend one regex budget
/// (and skips remembered inputs), so a call stays bounded; before the fix one call took 6–7 s.
enum CatastrophicRegex {
  static func run(_ settings: Settings, _ report: Report, group: String) throws {
    let overrides = (0..<50).map { index in
      MessageOverride(
        key: "o\(index)",
        conditions: .predicate(
          ConditionPredicate(attribute: "v\(index)", operator: .matches, value: "^(a+)+$")),
        translation: "override \(index)")
    }
    let datafile = DatafileContent(
      messagevisorVersion: "bench", target: "bench", locale: "en-US",
      messages: ["hostile": DatafileMessage(overrides: overrides)],
      translations: ["hostile": "Base"])
    // Distinct inputs per override, so that the memo of expensive inputs helps as little as it
    // can: every call meets a new expensive search until all 50 are remembered.
    var context: MessagevisorContext = [:]
    for index in 0..<50 {
      context["v\(index)"] = .string(String(repeating: "a", count: 40) + "b\(index)")
    }
    let engine = createMessagevisor(
      MessagevisorOptions(datafile: datafile, context: context, onDiagnostic: { _ in }))
    let samples = try Harness.loop(runs: settings.quick ? 5 : 50) {
      let text = try engine.translate("hostile")
      guard text == "Base" else {
        throw BenchmarkFailure(text: "catastrophic regex: expected \"Base\", got \"\(text)\"")
      }
    }
    report.addNanoseconds(
      group, "translate, 50 overrides `matches \"^(a+)+$\"` (catastrophic backtracking)",
      id: "catastrophic-regex", samples: samples, unit: .ms,
      note: "\(samples.count) calls from a fresh instance, each meeting a new expensive search")
  }
}
