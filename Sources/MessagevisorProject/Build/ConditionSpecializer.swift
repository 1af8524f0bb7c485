import Foundation
import Messagevisor

/// Build-time target specialisation (spec §2.3): attribute predicates whose full path exists in
/// the target context are decided now; everything else stays partial and the tree is simplified.
public struct ConditionSpecializer: Sendable {
  /// The result of specialising an expression.
  public enum Outcome: Sendable, Equatable {
    /// Decided at build time.
    case constant(Bool)
    /// Still depends on runtime context; the simplified expression.
    case partial(MessagevisorValue)
  }

  /// Decides a single attribute predicate against the target context (the engine's semantics).
  public typealias PredicateEvaluator =
    @Sendable (_ predicate: MessagevisorValue, _ context: MessagevisorContext) -> Bool

  /// The target context.
  public var context: MessagevisorContext
  /// The project's source segments.
  public var segments: [String: ProjectSegment]
  /// The predicate evaluator.
  public var evaluate: PredicateEvaluator
  /// Maximum nesting depth (deeper input is treated as a partial, unchanged).
  public var maxDepth = 64

  /// Creates a specialiser.
  public init(
    context: MessagevisorContext, segments: [String: ProjectSegment],
    evaluate: @escaping PredicateEvaluator
  ) {
    self.context = context
    self.segments = segments
    self.evaluate = evaluate
  }

  /// Specialises a condition expression (absent = true).
  public func condition(_ expression: MessagevisorValue?) -> Outcome {
    guard let expression else { return .constant(true) }
    return condition(expression, depth: 0)
  }

  /// Specialises a group-segment expression; `used` collects referenced partial segments with
  /// their specialised conditions.
  public func group(_ expression: MessagevisorValue?, used: inout [String: MessagevisorValue])
    -> Outcome
  {
    guard let expression else { return .constant(true) }
    return group(expression, used: &used, depth: 0)
  }

  func condition(_ expression: MessagevisorValue, depth: Int) -> Outcome {
    ConditionExpression(expression).fold(
      depth: depth, maxDepth: maxDepth - 1, tooDeep: { tree, _ in .partial(tree.value) },
      leaf: { leaf, depth in conditionLeaf(leaf.value, depth: depth) }, combine: combine)
  }

  private func conditionLeaf(_ expression: MessagevisorValue, depth: Int) -> Outcome {
    switch expression {
    case .string(let text):
      if text == "*" { return .constant(true) }
      if let parsed = Self.parseJSON(text) { return condition(parsed, depth: depth + 1) }
      return .constant(false)
    case .object(let object):
      if let attribute = object["attribute"]?.stringValue, Self.resolves(attribute, in: context) {
        return .constant(evaluate(expression, context))
      }
      return .partial(expression)
    default:
      return .partial(expression)
    }
  }

  func group(
    _ expression: MessagevisorValue, used: inout [String: MessagevisorValue], depth: Int
  ) -> Outcome {
    ConditionExpression(expression).fold(
      depth: depth, maxDepth: maxDepth - 1, tooDeep: { tree, _ in .partial(tree.value) },
      leaf: { leaf, depth in groupLeaf(leaf.value, used: &used, depth: depth) },
      combine: combine)
  }

  private func groupLeaf(
    _ expression: MessagevisorValue, used: inout [String: MessagevisorValue], depth: Int
  ) -> Outcome {
    guard case .string(let text) = expression else { return .constant(false) }
    if text == "*" { return .constant(true) }
    if text.hasPrefix("{") || text.hasPrefix("["), let parsed = Self.parseJSON(text) {
      return group(parsed, used: &used, depth: depth + 1)
    }
    guard let segment = segments[text], !segment.archived else { return .constant(false) }
    switch condition(segment.conditions, depth: depth + 1) {
    case .constant(let value): return .constant(value)
    case .partial(let specialised):
      used[text] = specialised
      return .partial(.string(text))
    }
  }

  /// The simplification rules of §2.3 (a list keeps its array shape).
  func combine(_ combinator: ConditionCombinator, _ outcomes: [Outcome]) -> Outcome {
    var partials: [MessagevisorValue] = []
    var anyTrue = false
    var anyFalse = false
    for outcome in outcomes {
      switch outcome {
      case .constant(true): anyTrue = true
      case .constant(false): anyFalse = true
      case .partial(let value): partials.append(value)
      }
    }
    switch combinator {
    case .or:
      if anyTrue { return .constant(true) }
      if partials.isEmpty { return .constant(false) }
      if partials.count == 1 { return .partial(partials[0]) }
      return .partial(combinator.expression(partials))
    case .not:
      if anyFalse { return .constant(true) }
      if partials.isEmpty { return .constant(false) }
      return .partial(combinator.expression(partials))
    case .list, .and:
      if anyFalse { return .constant(false) }
      if partials.isEmpty { return .constant(true) }
      if partials.count == 1 { return .partial(partials[0]) }
      return .partial(combinator.expression(partials))
    }
  }

  /// Whether the dotted `path` resolves through own keys of nested objects in `context`.
  static func resolves(_ path: String, in context: MessagevisorContext) -> Bool {
    var current: MessagevisorValue = .object(context)
    for component in path.split(separator: ".", omittingEmptySubsequences: false) {
      guard case .object(let object) = current, let next = object[String(component)] else {
        return false
      }
      current = next
    }
    return true
  }

  static func parseJSON(_ text: String) -> MessagevisorValue? {
    guard text.hasPrefix("{") || text.hasPrefix("[") else { return nil }
    guard let node = try? YAMLParser().parse(text, file: "<json>") else { return nil }
    return node.value
  }
}
