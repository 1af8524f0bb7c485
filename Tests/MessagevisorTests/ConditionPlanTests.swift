import Foundation
import Testing

@testable import Messagevisor

/// Compiled condition plans (issue 18) give the same results as the tree evaluator.
@Suite("Condition plans compiled at setDatafile")
struct ConditionPlanTests {
  static let segments: [String: Segment] = [
    "pro": Segment(
      conditions: .and([
        .predicate(ConditionPredicate(attribute: "plan", operator: .equals, value: "pro")),
        .predicate(
          ConditionPredicate(attribute: "seats", operator: .greaterThanOrEquals, value: 5)),
      ])),
    "archived": Segment(archived: true, conditions: .all),
    "web": Segment(
      conditions: .predicate(
        ConditionPredicate(attribute: "platform", operator: .equals, value: "web"))),
    "nested": Segment(
      conditions: .string(#"{"attribute":"user.tier","operator":"equals","value":"gold"}"#)),
  ]

  static var conditions: [Condition] {
    var result: [Condition] = [.all, .string("*"), .string("nope"), .not([]), .or([]), .and([])]
    let operators: [ConditionOperator] = [
      .equals, .notEquals, .exists, .notExists, .greaterThan, .greaterThanOrEquals, .lessThan,
      .lessThanOrEquals, .matches, .contains, "bogus",
    ]
    let values: [MessagevisorValue?] = [nil, .null, 5, 5.5, "pro", true]
    for attribute in ["plan", "seats", "missing", "user.tier", "flag"] {
      for op in operators {
        for value in values {
          result.append(
            .predicate(ConditionPredicate(attribute: attribute, operator: op, value: value)))
        }
      }
    }
    result.append(.not([.predicate(ConditionPredicate(attribute: "plan", operator: .exists))]))
    result.append(.predicate(ConditionPredicate(feature: "f", operator: .isEnabled)))
    result.append(.string(#"{"attribute":"plan","operator":"equals","value":"pro"}"#))
    var deep: Condition = .predicate(ConditionPredicate(attribute: "plan", operator: .exists))
    for _ in 0..<40 { deep = .and([deep]) }
    result.append(deep)
    return result
  }

  static let groups: [GroupSegment] = [
    .all, .key("*"), .key("pro"), .key("archived"), .key("absent"), .key("web"), .key("nested"),
    .or([.key("web"), .key("pro")]), .not([.key("pro")]), .not([]),
    .and([.key("pro"), .key("web")]),
    .key(#"["pro"]"#),
  ]

  static let contexts: [MessagevisorContext] = [
    [:], ["plan": "pro", "seats": 12, "platform": "ios", "user": ["tier": "gold"]],
    ["plan": .null, "seats": 5.0, "platform": "web", "flag": true],
    ["plan": "free", "seats": "12", "user": "gold"],
  ]

  func check(_ context: MessagevisorContext, _ call: MessagevisorContext?) {
    let compiler = ConditionPlanCompiler(segments: Self.segments)
    let conditions = Self.conditions.map { ConditionCompiler.compile($0) }
    let conditionPlans = conditions.map { compiler.compile($0) }
    let groups = Self.groups.map { ConditionCompiler.compile($0) }
    let groupPlans = groups.map { compiler.compile($0) }
    ConditionEvaluator.withRegexBudget { budget in
      let evaluator = ConditionEvaluator(
        instanceContext: context, callContext: call, segments: Self.segments,
        resolveFlag: { _, _ in true }, resolveVariation: nil, caches: EvaluationCaches(),
        regexBudget: budget)
      withUnsafeTemporaryAllocation(
        of: MessagevisorValue??.self, capacity: compiler.attributes.count
      ) { slots in
        slots.initialize(repeating: .none)
        defer { slots.deinitialize() }
        for (condition, plan) in zip(conditions, conditionPlans) {
          let expected = evaluator.evaluate(condition)
          let actual = plan.holds(slots, compiler.attributes, context, call, evaluator)
          #expect(
            actual == expected, "\(condition) in \(context), call \(String(describing: call))")
          let program = OverrideProgram([
            (plan, .constant(true)), (.constant(true), .constant(true)),
          ])
          let first = program.firstMatch(slots, compiler.attributes, context, call, evaluator)
          #expect(first == (expected ? 0 : 1), "program for \(condition) in \(context)")
        }
        for (group, plan) in zip(groups, groupPlans) {
          let expected = evaluator.evaluate(group)
          let actual = plan.holds(slots, compiler.attributes, context, call, evaluator)
          #expect(actual == expected, "\(group) in \(context), call \(String(describing: call))")
          let program = OverrideProgram([(.constant(true), plan), (plan, .constant(false))])
          let first = program.firstMatch(slots, compiler.attributes, context, call, evaluator)
          #expect(first == (expected ? 0 : nil), "program for \(group) in \(context)")
        }
      }
    }
  }

  @Test("Every condition and group gives the evaluator's result, in every context")
  func sameResults() {
    for context in Self.contexts {
      check(context, nil)
      check(context, ["plan": "pro", "seats": 1])
    }
  }

  @Test("translate picks the same override through plans as the conditions say")
  func translateUsesPlans() throws {
    let overrides = [
      MessageOverride(key: "a", segments: .key("web"), translation: "web"),
      MessageOverride(key: "b", segments: .key("pro"), translation: "pro"),
    ]
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: makeDatafile(
          translations: ["k": "base"], messages: ["k": DatafileMessage(overrides: overrides)],
          segments: Self.segments),
        context: ["plan": "pro", "seats": 9, "platform": "ios"], onDiagnostic: { _ in }))
    #expect(try m.translate("k") == "pro")
    #expect(try m.translate("k", options: TranslateOptions(context: ["platform": "web"])) == "web")
    #expect(try m.translate("k", options: TranslateOptions(context: ["seats": 1])) == "base")
  }
}
