/// Validates typed datafiles the way JSON input is validated (spec §1).
enum DatafileValidator {
  static func validate(_ datafile: DatafileContent) throws(DatafileError) {
    guard datafile.schemaVersion == "1" else {
      throw DatafileError(
        path: "$.schemaVersion",
        message: "unsupported schema version \"\(datafile.schemaVersion)\"; expected \"1\"")
    }
    guard !datafile.locale.isEmpty else {
      throw DatafileError(path: "$.locale", message: "must not be empty")
    }
    if let direction = datafile.direction, direction != "ltr", direction != "rtl" {
      throw DatafileError(path: "$.direction", message: "expected \"ltr\" or \"rtl\"")
    }
    for (key, segment) in datafile.segments
    where !withinDepth(segment.conditions, DatafileReader.maxConditionDepth) {
      throw DatafileError(
        path: "$.segments.\(key).conditions",
        message: "conditions are nested deeper than \(DatafileReader.maxConditionDepth) levels")
    }
    for (key, message) in datafile.messageTable {
      for (index, override) in (message.overrides ?? []).enumerated() {
        // Built only for a message (the path is the error's).
        var path: String { "$.messages.\(key).overrides[\(index)]" }
        if let conditions = override.conditions,
          !withinDepth(conditions, DatafileReader.maxConditionDepth)
        {
          throw DatafileError(
            path: "\(path).conditions",
            message: "conditions are nested deeper than \(DatafileReader.maxConditionDepth) levels")
        }
        if let segments = override.segments,
          !withinDepth(segments, DatafileReader.maxConditionDepth)
        {
          throw DatafileError(
            path: "\(path).segments",
            message: "segments are nested deeper than \(DatafileReader.maxConditionDepth) levels")
        }
      }
    }
  }

  /// Whether `condition` nests at most `remaining` levels (never recurses deeper than that).
  static func withinDepth(_ condition: Condition, _ remaining: Int) -> Bool {
    condition.nests(within: remaining)
  }

  /// Whether `segment` nests at most `remaining` levels.
  static func withinDepth(_ segment: GroupSegment, _ remaining: Int) -> Bool {
    segment.nests(within: remaining)
  }
}
