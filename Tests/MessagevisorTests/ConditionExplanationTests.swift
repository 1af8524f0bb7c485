import Foundation
import Messagevisor
import Testing

@Suite("Condition explanations (explainCondition / explainGroupSegment)")
struct ConditionExplanationTests {
  static func attr(_ attribute: String, _ op: ConditionOperator, _ value: MessagevisorValue? = nil)
    -> Condition
  {
    .predicate(ConditionPredicate(attribute: attribute, operator: op, value: value))
  }

  @Test func leavesCarryTheValueTheyReadAndTheirResult() throws {
    let provider = MessagevisorEvaluationDataProvider(
      context: ["plan": "free", "user": ["age": 30]])
    let tree: Condition = .and([
      Self.attr("plan", .equals, "pro"), Self.attr("user.age", .greaterThan, 18),
      Self.attr("country", .exists),
    ])
    let explanation = explainCondition(tree, provider: provider)
    #expect(explanation.node == .and)
    #expect(!explanation.matched)
    try #require(explanation.children.count == 3)
    #expect(!explanation.children[0].matched)
    #expect(explanation.children[0].actual == "free")
    #expect(explanation.children[1].matched)
    #expect(explanation.children[1].actual == 30)
    #expect(!explanation.children[2].matched)
    #expect(explanation.children[2].actual == nil)
  }

  @Test func everyCombinatorAgreesWithEvaluateCondition() {
    let contexts: [MessagevisorContext] = [[:], ["a": 1], ["a": 1, "b": "x"], ["b": "x"]]
    let a = Self.attr("a", .equals, 1)
    let b = Self.attr("b", .equals, "x")
    let trees: [Condition] = [
      .all, .list([]), .and([]), .or([]), .not([]), .list([a, b]), .or([a, b]), .not([a]),
      .not([a, b]), .and([.or([a, b]), .not([b])]),
      .string(#"{"attribute":"a","operator":"exists"}"#),
      .string("garbage"), .string("*"), .or([.string("[1"), a]),
    ]
    for context in contexts {
      let provider = MessagevisorEvaluationDataProvider(context: context)
      for tree in trees {
        #expect(
          explainCondition(tree, provider: provider).matched
            == evaluateCondition(tree, provider: provider), "\(tree) in \(context)")
      }
    }
  }

  @Test func jsonTextIsExplainedAsItsParsedTreeAndGarbageSaysSo() {
    let provider = MessagevisorEvaluationDataProvider(context: ["plan": "pro"])
    let parsed = explainCondition(
      .string(#"{"attribute":"plan","operator":"equals","value":"pro"}"#), provider: provider)
    #expect(parsed.matched)
    #expect(parsed.actual == "pro")
    if case .predicate(let predicate) = parsed.node {
      #expect(predicate.attribute == "plan")
    } else {
      Issue.record("expected a predicate, got \(parsed.node)")
    }
    let garbage = explainCondition(.string("{nope"), provider: provider)
    #expect(garbage.node == .invalidJSON("{nope"))
    #expect(!garbage.matched)
  }

  @Test func segmentsExpandAndMissingOrArchivedOnesSayWhy() throws {
    let segments: [String: Segment] = [
      "pro": Segment(conditions: Self.attr("plan", .equals, "pro")),
      "old": Segment(archived: true, conditions: .all),
    ]
    let provider = MessagevisorEvaluationDataProvider(context: ["plan": "pro"], segments: segments)
    let group: GroupSegment = .or([.key("pro"), .key("old"), .key("ghost")])
    let explanation = explainGroupSegment(group, provider: provider)
    #expect(explanation.matched == evaluateGroupSegment(group, provider: provider))
    #expect(explanation.matched)
    try #require(explanation.children.count == 3)
    #expect(explanation.children[0].node == .segment("pro"))
    #expect(explanation.children[0].children.first?.actual == "pro")
    #expect(explanation.children[1].note == "archived")
    #expect(!explanation.children[1].matched)
    #expect(explanation.children[2].note == "no such segment")
    for key in ["pro", "old", "ghost"] {
      #expect(
        explainGroupSegment(.key(key), provider: provider).matched
          == evaluateSegment(key, provider: provider))
    }
  }

  @Test func featuresAndExperimentsShowTheResolverAnswer() {
    let provider = MessagevisorEvaluationDataProvider(
      context: ["beta": true],
      resolveFlag: { feature, context in context[feature]?.boolValue ?? false },
      resolveVariation: { _, _ in "b" })
    let feature = explainCondition(
      .predicate(ConditionPredicate(feature: "beta", operator: .isEnabled)), provider: provider)
    #expect(feature.matched && feature.actual == .bool(true))
    let experiment = explainCondition(
      .predicate(ConditionPredicate(experiment: "copy", value: "a")), provider: provider)
    #expect(!experiment.matched && experiment.actual == "b")
  }

  @Test func treesDeeperThanTheLimitDoNotMatch() {
    var tree: Condition = .all
    for _ in 0..<200 { tree = .and([tree]) }
    let provider = MessagevisorEvaluationDataProvider()
    let explanation = explainCondition(tree, provider: provider)
    #expect(explanation.matched == evaluateCondition(tree, provider: provider))
    #expect(!explanation.matched)
  }
}
