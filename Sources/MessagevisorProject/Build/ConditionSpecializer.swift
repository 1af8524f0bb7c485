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
    guard depth < maxDepth else { return .partial(expression) }
    switch expression {
    case .string(let text):
      if text == "*" { return .constant(true) }
      if let parsed = Self.parseJSON(text) { return condition(parsed, depth: depth + 1) }
      return .constant(false)
    case .array(let items):
      return combine(
        "and", items.map { condition($0, depth: depth + 1) }, keepList: true)
    case .object(let object):
      if object.count == 1, let (op, children) = object.first.map({ ($0.key, $0.value) }),
        ["and", "or", "not"].contains(op)
      {
        let items = children.arrayValue ?? []
        return combine(op, items.map { condition($0, depth: depth + 1) }, keepList: false)
      }
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
    guard depth < maxDepth else { return .partial(expression) }
    switch expression {
    case .string(let text):
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
    case .array(let items):
      var outcomes: [Outcome] = []
      for item in items { outcomes.append(group(item, used: &used, depth: depth + 1)) }
      return combine("and", outcomes, keepList: true)
    case .object(let object):
      if object.count == 1, let (op, children) = object.first.map({ ($0.key, $0.value) }),
        ["and", "or", "not"].contains(op)
      {
        var outcomes: [Outcome] = []
        for item in children.arrayValue ?? [] {
          outcomes.append(group(item, used: &used, depth: depth + 1))
        }
        return combine(op, outcomes, keepList: false)
      }
      return .constant(false)
    default:
      return .constant(false)
    }
  }

  /// The simplification rules of §2.3.
  func combine(_ op: String, _ outcomes: [Outcome], keepList: Bool) -> Outcome {
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
    switch op {
    case "or":
      if anyTrue { return .constant(true) }
      if partials.isEmpty { return .constant(false) }
      if partials.count == 1 { return .partial(partials[0]) }
      return .partial(["or": .array(partials)])
    case "not":
      if anyFalse { return .constant(true) }
      if partials.isEmpty { return .constant(false) }
      return .partial(["not": .array(partials)])
    default:
      if anyFalse { return .constant(false) }
      if partials.isEmpty { return .constant(true) }
      if partials.count == 1 { return .partial(partials[0]) }
      return .partial(keepList ? .array(partials) : ["and": .array(partials)])
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
