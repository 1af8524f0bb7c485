/// Builds ``ConditionExplanation`` trees with the engine's own evaluator, so an explanation can
/// never disagree with a translation: leaves are decided by the evaluator, combinators by the same
/// rules (spec §2.2), and the depth limit is the engine's.
struct ConditionExplainer {
  let evaluator: ConditionEvaluator

  /// A combinator node over its children's explanations, matched by the evaluator's rule for it,
  /// for conditions and group segments alike.
  private static func combined(
    _ combinator: ConditionCombinator, _ children: [ConditionExplanation]
  ) -> ConditionExplanation {
    let node: ConditionExplanation.Node
    switch combinator {
    case .list: node = .list
    case .and: node = .and
    case .or: node = .or
    case .not: node = .not
    }
    return ConditionExplanation(
      node: node, matched: combinator.holds(children, \.matched), children: children)
  }

  private static func tooDeep<Tree>(_: Tree, _: Int) -> ConditionExplanation {
    ConditionExplanation(node: .tooDeep, matched: false)
  }

  func explain(_ condition: Condition, depth: Int) -> ConditionExplanation {
    condition.fold(
      depth: depth, maxDepth: ConditionEvaluator.maxDepth, tooDeep: Self.tooDeep,
      leaf: explainLeaf, combine: Self.combined)
  }

  private func explainLeaf(_ condition: Condition, depth: Int) -> ConditionExplanation {
    switch condition {
    case .all:
      return ConditionExplanation(node: .all, matched: true)
    case .string(let text):
      if text == "*" { return ConditionExplanation(node: .all, matched: true) }
      guard ConditionCompiler.isJSON(text), let parsed = evaluator.caches.condition(json: text)
      else {
        return ConditionExplanation(
          node: .invalidJSON(text), matched: false, note: "not a JSON condition")
      }
      return explain(parsed, depth: depth + 1)
    case .predicate(let predicate):
      return ConditionExplanation(
        node: .predicate(predicate), matched: evaluator.evaluate(predicate),
        actual: actual(of: predicate))
    case .list, .and, .or, .not:
      return Self.tooDeep(condition, depth)  // combinators are folded, never handed to a leaf
    }
  }

  func explain(_ group: GroupSegment, depth: Int) -> ConditionExplanation {
    group.fold(
      depth: depth, maxDepth: ConditionEvaluator.maxDepth, tooDeep: Self.tooDeep,
      leaf: explainLeaf, combine: Self.combined)
  }

  private func explainLeaf(_ group: GroupSegment, depth: Int) -> ConditionExplanation {
    let text: String
    switch group {
    case .all: return ConditionExplanation(node: .all, matched: true)
    case .key(let key): text = key
    case .list, .and, .or, .not:
      return Self.tooDeep(group, depth)  // combinators are folded, never handed to a leaf
    }
    if text == "*" { return ConditionExplanation(node: .all, matched: true) }
    if ConditionCompiler.isJSON(text) {
      guard let parsed = evaluator.caches.groupSegment(json: text) else {
        return ConditionExplanation(
          node: .invalidJSON(text), matched: false, note: "not a JSON group segment")
      }
      return explain(parsed, depth: depth + 1)
    }
    guard let segment = evaluator.segments[text] else {
      return ConditionExplanation(node: .segment(text), matched: false, note: "no such segment")
    }
    if segment.archived == true {
      return ConditionExplanation(node: .segment(text), matched: false, note: "archived")
    }
    let child = explain(segment.conditions, depth: depth + 1)
    return ConditionExplanation(node: .segment(text), matched: child.matched, children: [child])
  }

  /// The value a predicate compares (see ``ConditionExplanation/actual``).
  func actual(of predicate: ConditionPredicate) -> MessagevisorValue? {
    if let attribute = predicate.attribute { return evaluator.lookup(attribute) }
    if let feature = predicate.feature {
      return .bool(evaluator.resolveFlag?(feature, evaluator.mergedContext) ?? false)
    }
    if let experiment = predicate.experiment {
      return evaluator.resolveVariation?(experiment, evaluator.mergedContext).map { .string($0) }
    }
    return nil
  }
}

/// Explains a condition tree in the provider's context: the tree with each node's result and the
/// value each predicate read. The root's ``ConditionExplanation/matched`` equals
/// ``evaluateCondition(_:provider:)`` (one explanation is one evaluation with one regex budget;
/// since it visits every child, a tree with more regex predicates than the budget allows can
/// see the budget run out where the engine's short-circuiting evaluation would not).
public func explainCondition(
  _ condition: Condition, provider: MessagevisorEvaluationDataProvider
) -> ConditionExplanation {
  provider.withEvaluator { ConditionExplainer(evaluator: $0).explain(condition, depth: 0) }
}

/// Explains a group segment expression: segment references expand to their condition trees
/// (a missing or archived segment does not match and says so). The root's
/// ``ConditionExplanation/matched`` equals ``evaluateGroupSegment(_:provider:)``.
public func explainGroupSegment(
  _ segments: GroupSegment, provider: MessagevisorEvaluationDataProvider
) -> ConditionExplanation {
  provider.withEvaluator { ConditionExplainer(evaluator: $0).explain(segments, depth: 0) }
}
