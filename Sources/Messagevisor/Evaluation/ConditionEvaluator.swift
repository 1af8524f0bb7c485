import Foundation

/// Evaluates conditions, segments and group segments (spec §2.2).
///
/// The context is read through `callContext` first, then `instanceContext`, so a per-call context
/// never has to be merged into a new dictionary unless a resolver needs the full context.
struct ConditionEvaluator {
  var instanceContext: MessagevisorContext
  var callContext: MessagevisorContext?
  var segments: [String: Segment]
  var resolveFlag: MessagevisorFlagResolver?
  var resolveVariation: MessagevisorVariationResolver?
  var caches: EvaluationCaches
  /// The regex work left to this evaluation, shared by every predicate it evaluates (see
  /// ``withRegexBudget(_:)``).
  var regexBudget: UnsafeMutablePointer<RegexBudget>

  /// Runs `body` with a fresh ``RegexBudget`` for one evaluation, on the stack.
  @inline(__always)
  static func withRegexBudget<T>(_ body: (UnsafeMutablePointer<RegexBudget>) throws -> T) rethrows
    -> T
  {
    var budget = RegexBudget()
    return try withUnsafeMutablePointer(to: &budget, body)
  }

  /// Deeper trees are treated as not matching.
  static let maxDepth = DatafileReader.maxConditionDepth

  /// The merged context handed to resolvers.
  var mergedContext: MessagevisorContext {
    guard let callContext, !callContext.isEmpty else { return instanceContext }
    return instanceContext.merging(callContext) { _, call in call }
  }

  func evaluate(_ condition: Condition?) -> Bool {
    guard let condition else { return true }
    return evaluate(condition, depth: 0)
  }

  func evaluate(_ condition: Condition, depth: Int) -> Bool {
    condition.holds(depth: depth, maxDepth: Self.maxDepth) { leaf, depth in
      switch leaf {
      case .all: return true
      case .string(let text):
        if text == "*" { return true }
        guard ConditionCompiler.isJSON(text), let parsed = caches.condition(json: text) else {
          return false
        }
        return evaluate(parsed, depth: depth + 1)
      case .predicate(let predicate):
        return evaluate(predicate)
      case .list, .and, .or, .not:
        return false  // combinators are walked by `holds`, never handed to a leaf
      }
    }
  }

  func evaluate(_ segments: GroupSegment?) -> Bool {
    guard let segments else { return true }
    return evaluate(segments, depth: 0)
  }

  func evaluate(_ group: GroupSegment, depth: Int) -> Bool {
    group.holds(depth: depth, maxDepth: Self.maxDepth) { leaf, depth in
      switch leaf {
      case .all: return true
      case .key(let text):
        if text == "*" { return true }
        if ConditionCompiler.isJSON(text) {
          guard let parsed = caches.groupSegment(json: text) else { return false }
          return evaluate(parsed, depth: depth + 1)
        }
        return evaluateSegment(text, depth: depth)
      case .list, .and, .or, .not:
        return false  // combinators are walked by `holds`, never handed to a leaf
      }
    }
  }

  /// A missing or archived segment is false; otherwise its conditions decide.
  func evaluateSegment(_ key: String, depth: Int = 0) -> Bool {
    guard let segment = segments[key], segment.archived != true else { return false }
    return evaluate(segment.conditions, depth: depth + 1)
  }

  func evaluate(_ predicate: ConditionPredicate) -> Bool {
    if let attribute = predicate.attribute {
      return evaluateAttribute(attribute, predicate)
    }
    if let feature = predicate.feature {
      let enabled = resolveFlag?(feature, mergedContext) ?? false
      switch predicate.operator.code {
      case .isEnabled: return enabled
      case .isDisabled: return !enabled
      default: return false
      }
    }
    if let experiment = predicate.experiment {
      guard predicate.operator.code == .hasVariation else { return false }
      guard let variation = resolveVariation?(experiment, mergedContext),
        case .string(let expected)? = predicate.value
      else { return false }
      return variation == expected
    }
    return false
  }

  /// Walks `path` (split on `.`) through own object keys; `nil` means missing.
  func lookup(_ path: String) -> MessagevisorValue? {
    if !path.utf8.contains(UInt8(ascii: ".")) {
      return callContext?[path] ?? instanceContext[path]
    }
    var parts = path.split(separator: ".", omittingEmptySubsequences: false).makeIterator()
    guard let firstKey = parts.next() else { return nil }
    let name = String(firstKey)
    var current = callContext?[name] ?? instanceContext[name]
    while let key = parts.next() {
      guard case .object(let object)? = current else { return nil }
      current = object[String(key)]
    }
    return current
  }

  private static func portableDate(_ value: MessagevisorValue) -> Date? {
    switch value {
    case .date(let date): return date
    case .string(let text): return PortableDate.parse(text, maxFractionDigits: 3)
    default: return nil
    }
  }

  func evaluateAttribute(_ attribute: String, _ predicate: ConditionPredicate) -> Bool {
    let actual = lookup(attribute)
    let expected = predicate.value
    let code = predicate.operator.code
    switch code {
    case .equals:
      return actual == expected
    case .notEquals:
      return actual != expected
    case .exists:
      return actual != nil
    case .notExists:
      return actual == nil
    case .greaterThan, .greaterThanOrEquals, .lessThan, .lessThanOrEquals:
      guard let actual, let expected, actual.isNumber, expected.isNumber else { return false }
      return Self.compareNumbers(actual, expected, code)
    case .contains, .notContains, .startsWith, .endsWith:
      guard case .string(let text)? = actual, case .string(let needle)? = expected else {
        return false
      }
      switch code {
      case .contains: return needle.isEmpty || text.contains(needle)
      case .notContains: return !(needle.isEmpty || text.contains(needle))
      case .startsWith: return text.hasPrefix(needle)
      default: return text.hasSuffix(needle)
      }
    case .matches, .notMatches:
      guard case .string(let text)? = actual, case .string(let pattern)? = expected else {
        return false
      }
      let compiled = caches.regex(pattern, flags: predicate.regexFlags ?? "")
      guard let found = caches.search(compiled, in: text, budget: &regexBudget.pointee) else {
        return false
      }
      return code == .matches ? found : !found
    case .before, .after:
      guard let actual, let expected, let left = Self.portableDate(actual),
        let right = Self.portableDate(expected)
      else { return false }
      return code == .before ? left < right : left > right
    case .includes, .notIncludes:
      guard case .array(let items)? = actual, let expected else { return false }
      let found = items.contains(expected)
      return code == .includes ? found : !found
    case .in, .notIn:
      guard case .array(let items)? = expected, let actual else { return false }
      let found = items.contains(actual)
      return code == .in ? found : !found
    case .isEnabled, .isDisabled, .hasVariation, .unknown:
      return false
    }
  }

  static func compareNumbers(
    _ lhs: MessagevisorValue, _ rhs: MessagevisorValue, _ op: OperatorCode
  ) -> Bool {
    if case .int(let a) = lhs, case .int(let b) = rhs {
      switch op {
      case .greaterThan: return a > b
      case .greaterThanOrEquals: return a >= b
      case .lessThan: return a < b
      default: return a <= b
      }
    }
    guard let a = lhs.doubleValue, let b = rhs.doubleValue else { return false }
    switch op {
    case .greaterThan: return a > b
    case .greaterThanOrEquals: return a >= b
    case .lessThan: return a < b
    default: return a <= b
    }
  }
}
