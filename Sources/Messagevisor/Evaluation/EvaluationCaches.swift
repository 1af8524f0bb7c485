import Foundation

/// Bounded, thread-safe caches for parsed JSON-string conditions, group segments and compiled
/// regular expressions, shared by a root and its children.
final class EvaluationCaches: @unchecked Sendable {
  /// The most entries each cache holds; a full cache is cleared before inserting.
  let capacity: Int
  private let lock = NSLock()
  private var conditions: [String: Condition?] = [:]
  private var groupSegments: [String: GroupSegment?] = [:]
  private var regexes: [RegexKey: RegexBox] = [:]

  private struct RegexKey: Hashable {
    var pattern: String
    var flags: String
  }

  private final class RegexBox: @unchecked Sendable {
    let regex: NSRegularExpression?
    init(_ regex: NSRegularExpression?) { self.regex = regex }
  }

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

  /// The compiled portable expression, or `nil` when it is invalid or not portable.
  func regex(_ pattern: String, flags: String) -> NSRegularExpression? {
    let key = RegexKey(pattern: pattern, flags: flags)
    lock.lock()
    if let cached = regexes[key] {
      lock.unlock()
      return cached.regex
    }
    lock.unlock()
    let compiled = PortableRegex.compile(pattern, flags: flags)
    lock.lock()
    if regexes.count >= capacity { regexes.removeAll(keepingCapacity: true) }
    regexes[key] = RegexBox(compiled)
    lock.unlock()
    return compiled
  }
}
