/// Parses JSON-string conditions and group segments ahead of evaluation (at `setDatafile` time),
/// so evaluation does no parsing and no cache lookups for stored datafiles.
enum ConditionCompiler {
  /// `condition` with a top-level JSON string replaced by its parsed tree (unparsable text is
  /// kept; it evaluates to false).
  static func compile(_ condition: Condition) -> Condition {
    guard case .string(let text) = condition, isJSON(text),
      let parsed = try? DatafileReader.condition(JSONParser.parse(text), path: "$", depth: 0)
    else { return condition }
    return parsed
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
