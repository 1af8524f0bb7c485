import Foundation

/// Bounded, thread-safe caches for parsed JSON-string conditions, group segments and compiled
/// regular expressions, shared by a root and its children.
final class EvaluationCaches: @unchecked Sendable {
  /// The most entries each cache holds; a full cache is cleared before inserting.
  let capacity: Int
  private let lock = NSLock()
  private var conditions: [String: Condition?] = [:]
  private var groupSegments: [String: GroupSegment?] = [:]
  private var regexes: [RegexKey: CompiledRegex] = [:]
  /// Progress reports spent by every regex search so far (tests read it to count the work).
  private(set) var regexProgressReports = 0

  private struct RegexKey: Hashable {
    var pattern: String
    var flags: String
  }

  /// A compiled expression and the inputs on which a search of it used up a whole allowance
  /// (guarded by the caches' lock).
  final class CompiledRegex: @unchecked Sendable {
    let regex: NSRegularExpression?
    fileprivate var expensiveInputs = Set<String>()
    init(_ regex: NSRegularExpression?) { self.regex = regex }
  }

  /// The most inputs remembered as expensive per expression; a full set is cleared.
  static let expensiveInputsPerRegex = 64

  /// A process-wide cache used by the free evaluation functions.
  static let shared = EvaluationCaches()

  init(capacity: Int = 1000) { self.capacity = capacity }

  /// The condition encoded by JSON `text`, or `nil` when it does not parse.
  func condition(json text: String) -> Condition? {
    lock.lock()
    if let cached = conditions[text] {
      lock.unlock()
      return cached
    }
    lock.unlock()
    let parsed = try? DatafileReader.condition(JSONParser.parse(text), path: "$", depth: 0)
    lock.lock()
    if conditions.count >= capacity { conditions.removeAll(keepingCapacity: true) }
    conditions[text] = .some(parsed)
    lock.unlock()
    return parsed
  }

  /// The group segment encoded by JSON `text`, or `nil` when it does not parse.
  func groupSegment(json text: String) -> GroupSegment? {
    lock.lock()
    if let cached = groupSegments[text] {
      lock.unlock()
      return cached
    }
    lock.unlock()
    let parsed = try? DatafileReader.groupSegment(JSONParser.parse(text), path: "$", depth: 0)
    lock.lock()
    if groupSegments.count >= capacity { groupSegments.removeAll(keepingCapacity: true) }
    groupSegments[text] = .some(parsed)
    lock.unlock()
    return parsed
  }

  /// The compiled portable expression (its `regex` is `nil` when it is invalid or not portable).
  func regex(_ pattern: String, flags: String) -> CompiledRegex {
    let key = RegexKey(pattern: pattern, flags: flags)
    lock.lock()
    if let cached = regexes[key] {
      lock.unlock()
      return cached
    }
    lock.unlock()
    let compiled = CompiledRegex(PortableRegex.compile(pattern, flags: flags))
    lock.lock()
    if regexes.count >= capacity { regexes.removeAll(keepingCapacity: true) }
    regexes[key] = compiled
    lock.unlock()
    return compiled
  }

  /// Whether `regex` matches `text` within `budget`: `nil` when the search was abandoned, or not
  /// run because the budget is spent or because a search on the same input used up a whole
  /// allowance before.
  func search(_ compiled: CompiledRegex, in text: String, budget: inout RegexBudget) -> Bool? {
    guard let regex = compiled.regex, budget.remaining > 0 else { return nil }
    lock.lock()
    let known = compiled.expensiveInputs.contains(text)
    lock.unlock()
    if known { return nil }
    let allowance = budget.remaining
    var reports = 0
    let result = PortableRegex.search(regex, in: text, allowance: allowance, reports: &reports)
    budget.remaining -= reports
    guard reports > 0 else { return result == .matched }
    lock.lock()
    regexProgressReports += reports
    if result == .abandoned, allowance == RegexBudget.progressReportsPerEvaluation {
      if compiled.expensiveInputs.count >= Self.expensiveInputsPerRegex {
        compiled.expensiveInputs.removeAll(keepingCapacity: true)
      }
      compiled.expensiveInputs.insert(text)
    }
    lock.unlock()
    switch result {
    case .matched: return true
    case .notMatched: return false
    case .abandoned: return nil
    }
  }
}
