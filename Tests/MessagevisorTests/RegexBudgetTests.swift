import Foundation
import Testing

@testable import Messagevisor

/// Issue 16, finding 6: the regex step budget is per evaluation (one `translate` call), not per
/// expression, and searches that used up a whole allowance are remembered per (pattern, input).
/// The work is counted in ICU progress reports through the caches' internal counter, not timed.
@Suite("Regex budget per evaluation")
struct RegexBudgetTests {
  static let catastrophic = "^(a+)+$"
  static let hostile = String(repeating: "a", count: 40) + "b"

  /// `count` overrides of `greeting`, each `attribute matches ^(a+)+$`.
  static func datafile(count: Int, attribute: (Int) -> String) -> DatafileContent {
    let overrides = (0..<count).map { index in
      MessageOverride(
        key: "o\(index)",
        conditions: .predicate(
          ConditionPredicate(
            attribute: attribute(index), operator: .matches, value: .string(catastrophic))),
        translation: "override \(index)")
    }
    return makeDatafile(
      translations: ["greeting": "Hello"],
      messages: ["greeting": DatafileMessage(overrides: overrides)])
  }

  @Test("50 catastrophic overrides on one input: one allowance for the first call, none after")
  func sameInput() throws {
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: Self.datafile(count: 50) { _ in "v" }, context: ["v": .string(Self.hostile)],
        onDiagnostic: { _ in }))
    let caches = m.core.caches
    #expect(try m.translate("greeting") == "Hello")
    let first = caches.regexProgressReports
    #expect(first > 0)
    #expect(first <= RegexBudget.progressReportsPerEvaluation)
    for _ in 0..<3 { #expect(try m.translate("greeting") == "Hello") }
    #expect(caches.regexProgressReports == first)
  }

  @Test("50 catastrophic overrides on 50 inputs: at most one allowance per call")
  func distinctInputs() throws {
    var context: MessagevisorContext = [:]
    for index in 0..<50 { context["v\(index)"] = .string(Self.hostile + "\(index)") }
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: Self.datafile(count: 50) { "v\($0)" }, context: context,
        onDiagnostic: { _ in }))
    let caches = m.core.caches
    for call in 1...5 {
      #expect(try m.translate("greeting") == "Hello")
      #expect(caches.regexProgressReports <= call * RegexBudget.progressReportsPerEvaluation)
    }
  }

  @Test("A cheap regex after an expensive one in the same call still matches within budget")
  func cheapAfterExpensive() throws {
    let expensive = MessageOverride(
      key: "slow",
      conditions: .predicate(
        ConditionPredicate(attribute: "v", operator: .matches, value: .string(Self.catastrophic))),
      translation: "slow")
    let cheap = MessageOverride(
      key: "fast",
      conditions: .predicate(
        ConditionPredicate(attribute: "plan", operator: .matches, value: "^pro$")),
      translation: "fast")
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: makeDatafile(
          translations: ["k": "base"],
          messages: ["k": DatafileMessage(overrides: [expensive, cheap])]),
        context: ["v": .string(Self.hostile), "plan": "pro"], onDiagnostic: { _ in }))
    // The first call spends the whole allowance on `slow`; a search that needs no progress
    // report costs nothing, but the budget is spent, so `fast` is not run in this call.
    #expect(try m.translate("k") == "base")
    // Later calls skip the remembered input and reach `fast`.
    #expect(try m.translate("k") == "fast")
    #expect(try m.translate("k") == "fast")
  }

  @Test("evaluateCondition has its own budget per call")
  func freeFunctions() {
    let provider = MessagevisorEvaluationDataProvider(
      context: ["v": .string(Self.hostile + "free")])
    let predicates = (0..<20).map { _ in
      Condition.predicate(
        ConditionPredicate(attribute: "v", operator: .matches, value: .string(Self.catastrophic)))
    }
    #expect(!evaluateCondition(.or(predicates), provider: provider))
    // The same path as evaluateCondition, with caches of its own so that the count is this
    // test's alone.
    let caches = EvaluationCaches()
    #expect(!provider.withEvaluator(caches: caches) { $0.evaluate(.or(predicates), depth: 0) })
    #expect(caches.regexProgressReports > 0)
    #expect(caches.regexProgressReports <= RegexBudget.progressReportsPerEvaluation)
  }
}
