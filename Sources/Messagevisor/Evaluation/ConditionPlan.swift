/// A condition or group-segment expression compiled when a datafile is stored: segment
/// references are resolved to the segment's compiled conditions, simple attribute predicates
/// (a top-level key and an equality, existence or numeric operator) name a slot of the store's
/// attribute table, so that each attribute is looked up at most once per `translate` call, and
/// everything else is kept as the original tree, evaluated by ``ConditionEvaluator`` at the
/// depth it would have been reached at (so results, including the depth limit, do not change).
indirect enum ConditionPlan: Sendable {
  case constant(Bool)
  /// Every item holds (an empty list holds).
  case all([ConditionPlan])
  /// Some item holds.
  case any([ConditionPlan])
  /// Not every item holds; an empty list is false.
  case notAll([ConditionPlan])
  /// `attribute <code> expected` on the attribute in `slot`.
  case attribute(slot: Int, code: OperatorCode, expected: MessagevisorValue?)
  /// A condition left to the evaluator, at `depth`.
  case condition(Condition, depth: Int)
  /// A group segment left to the evaluator, at `depth`.
  case group(GroupSegment, depth: Int)
}

/// Compiles the overrides of one stored datafile against its segments.
final class ConditionPlanCompiler {
  /// Nesting depth up to which trees are compiled; deeper parts stay trees.
  static let maxCompiledDepth = 32

  let segments: [String: Segment]
  /// The attribute names of the slots, in slot order.
  private(set) var attributes: [String] = []
  private var slots: [String: Int] = [:]

  /// A compiler over `segments` whose first slots are `attributes` (in that order), so plans
  /// compiled earlier with those slots stay valid next to the ones it compiles.
  init(segments: [String: Segment], attributes: [String] = []) {
    self.segments = segments
    self.attributes = attributes
    for (slot, name) in attributes.enumerated() { slots[name] = slot }
  }

  func slot(for name: String) -> Int {
    if let slot = slots[name] { return slot }
    let slot = attributes.count
    attributes.append(name)
    slots[name] = slot
    return slot
  }

  /// The plan of an override's conditions (`nil` holds).
  func compile(_ condition: Condition?) -> ConditionPlan {
    guard let condition else { return .constant(true) }
    return compile(condition, depth: 0)
  }

  /// The plan of an override's segments (`nil` holds).
  func compile(_ group: GroupSegment?) -> ConditionPlan {
    guard let group else { return .constant(true) }
    return compile(group, depth: 0)
  }

  /// Trees are compiled down to this depth; a node below it stays a tree for the evaluator (at
  /// its depth), or is false beyond the evaluator's own limit.
  private static let foldDepth = min(maxCompiledDepth - 1, ConditionEvaluator.maxDepth)

  private static func uncompiled<Tree>(
    _ tree: Tree, _ depth: Int, _ keep: (Tree, Int) -> ConditionPlan
  ) -> ConditionPlan {
    depth <= ConditionEvaluator.maxDepth ? keep(tree, depth) : .constant(false)
  }

  func compile(_ condition: Condition, depth: Int) -> ConditionPlan {
    condition.fold(
      depth: depth, maxDepth: Self.foldDepth,
      tooDeep: { Self.uncompiled($0, $1, ConditionPlan.condition) }, leaf: compileLeaf,
      combine: ConditionPlan.init)
  }

  private func compileLeaf(_ condition: Condition, depth: Int) -> ConditionPlan {
    switch condition {
    case .all: return .constant(true)
    case .string(let text):
      if text == "*" { return .constant(true) }
      guard ConditionCompiler.isJSON(text) else { return .constant(false) }
      return .condition(condition, depth: depth)
    case .predicate(let predicate):
      guard let attribute = predicate.attribute, !attribute.utf8.contains(UInt8(ascii: "."))
      else { return .condition(condition, depth: depth) }
      switch predicate.operator.code {
      case .equals, .notEquals, .exists, .notExists, .greaterThan, .greaterThanOrEquals,
        .lessThan, .lessThanOrEquals:
        return .attribute(
          slot: slot(for: attribute), code: predicate.operator.code, expected: predicate.value)
      default:
        return .condition(condition, depth: depth)
      }
    case .list, .and, .or, .not:
      return .condition(condition, depth: depth)  // combinators are folded, never leaves
    }
  }

  func compile(_ group: GroupSegment, depth: Int) -> ConditionPlan {
    group.fold(
      depth: depth, maxDepth: Self.foldDepth,
      tooDeep: { Self.uncompiled($0, $1, ConditionPlan.group) }, leaf: compileLeaf,
      combine: ConditionPlan.init)
  }

  private func compileLeaf(_ group: GroupSegment, depth: Int) -> ConditionPlan {
    switch group {
    case .all: return .constant(true)
    case .key(let text):
      if text == "*" { return .constant(true) }
      if ConditionCompiler.isJSON(text) { return .group(group, depth: depth) }
      guard let segment = segments[text], segment.archived != true else {
        return .constant(false)
      }
      return compile(segment.conditions, depth: depth + 1)
    case .list, .and, .or, .not:
      return .group(group, depth: depth)  // combinators are folded, never leaves
    }
  }
}

extension ConditionPlan {
  /// The plan of a combinator over its children's plans (`list` and `and`: all hold).
  init(_ combinator: ConditionCombinator, _ items: [ConditionPlan]) {
    switch combinator {
    case .list, .and: self = .all(items)
    case .or: self = .any(items)
    case .not: self = .notAll(items)
    }
  }

  /// Whether evaluating the plan may need a ``ConditionEvaluator`` (it keeps a tree).
  var needsEvaluator: Bool {
    switch self {
    case .constant, .attribute: return false
    case .all(let items), .any(let items), .notAll(let items):
      return items.contains { $0.needsEvaluator }
    case .condition, .group: return true
    }
  }

  /// Evaluates the plan. `slots` caches the attribute values of this call (`.none` = not looked
  /// up yet); `evaluator` is there when ``needsEvaluator`` is.
  func holds(
    _ slots: UnsafeMutableBufferPointer<MessagevisorValue??>, _ attributes: [String],
    _ instanceContext: MessagevisorContext, _ callContext: MessagevisorContext?,
    _ evaluator: ConditionEvaluator?
  ) -> Bool {
    switch self {
    case .constant(let value): return value
    case .all(let items):
      for item in items
      where !item.holds(slots, attributes, instanceContext, callContext, evaluator) {
        return false
      }
      return true
    case .any(let items):
      for item in items
      where item.holds(slots, attributes, instanceContext, callContext, evaluator) {
        return true
      }
      return false
    case .notAll(let items):
      guard !items.isEmpty else { return false }
      for item in items
      where !item.holds(slots, attributes, instanceContext, callContext, evaluator) {
        return true
      }
      return false
    case .attribute(let slot, let code, let expected):
      if case .none = slots[slot] {
        let name = attributes[slot]
        slots[slot] = .some(callContext?[name] ?? instanceContext[name])
      }
      let actual = slots[slot].unsafelyUnwrapped
      switch code {
      case .equals: return actual == expected
      case .notEquals: return actual != expected
      case .exists: return actual != nil
      case .notExists: return actual == nil
      default:
        guard let actual, let expected, actual.isNumber, expected.isNumber else { return false }
        return ConditionEvaluator.compareNumbers(actual, expected, code)
      }
    case .condition(let condition, let depth):
      return evaluator?.evaluate(condition, depth: depth) ?? false
    case .group(let group, let depth):
      return evaluator?.evaluate(group, depth: depth) ?? false
    }
  }
}
