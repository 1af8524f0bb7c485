/// Parses JSON-string conditions and group segments ahead of evaluation (at `setDatafile` time),
/// so evaluation does no parsing and no cache lookups for stored datafiles.
enum ConditionCompiler {
  /// `condition` with a top-level JSON string replaced by its parsed tree (unparsable text is
  /// kept; it evaluates to false).
  static func compile(_ condition: Condition) -> Condition {
    guard case .string(let text) = condition, isJSON(text),
      let parsed = try? DatafileReader.condition(JSONParser.parse(text), path: "$", depth: 0)
    else { return compileNested(condition, level: 0) }
    return parsed
  }

  /// Inlines JSON strings nested inside `and`/`or`/`not`/list conditions (typed datafiles often
  /// combine JSON-string pieces), so evaluation skips the per-call cache lookup. A nested string
  /// is replaced only when its parsed tree is evaluated completely both before and after (it stays
  /// within ``ConditionEvaluator/maxDepth`` even one level deeper), so results cannot change.
  private static func compileNested(_ condition: Condition, level: Int) -> Condition {
    // A node at the inlining limit is kept, except that a JSON string there is still inlined.
    condition.fold(
      depth: level, maxDepth: maxInlineLevel - 1, tooDeep: compileItem, leaf: compileItem,
      combine: Condition.init)
  }

  /// `item` at `level`: a nested JSON string replaced by its parsed tree when that is safe.
  private static func compileItem(_ item: Condition, level: Int) -> Condition {
    guard level > 0, case .string(let text) = item else { return item }
    guard isJSON(text),
      let parsed = try? DatafileReader.condition(JSONParser.parse(text), path: "$", depth: 0),
      let height = height(of: parsed, limit: ConditionEvaluator.maxDepth),
      level + 1 + height <= ConditionEvaluator.maxDepth
    else { return item }
    return parsed
  }

  /// Nesting levels below which nested JSON strings are inlined.
  static let maxInlineLevel = 16

  /// The depth of the deepest node below `condition` (0 for a leaf), or `nil` beyond `limit`.
  static func height(of condition: Condition, limit: Int) -> Int? {
    condition.fold(
      maxDepth: limit, tooDeep: { _, _ in nil },
      leaf: { leaf, _ in
        guard case .string(let text) = leaf, isJSON(text) else { return 0 }
        return nil
      },
      combine: { _, heights in
        var deepest = 0
        for height in heights {
          guard let height else { return nil }
          deepest = max(deepest, height + 1)
        }
        return deepest
      })
  }

  /// `segments` with a top-level JSON string replaced by its parsed tree.
  static func compile(_ segments: GroupSegment) -> GroupSegment {
    guard case .key(let text) = segments, isJSON(text),
      let parsed = try? DatafileReader.groupSegment(JSONParser.parse(text), path: "$", depth: 0)
    else { return segments }
    return parsed
  }

  static func isJSON(_ text: String) -> Bool {
    guard let first = text.utf8.first else { return false }
    return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
  }
}
