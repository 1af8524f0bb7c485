/// A reusable audience: a condition tree, optionally archived (an archived segment never matches).
public struct Segment: Sendable, Equatable {
  /// When `true`, the segment never matches.
  public var archived: Bool?
  /// The segment's condition tree.
  public var conditions: Condition

  /// Creates a segment.
  public init(archived: Bool? = nil, conditions: Condition) {
    self.archived = archived
    self.conditions = conditions
  }
}
