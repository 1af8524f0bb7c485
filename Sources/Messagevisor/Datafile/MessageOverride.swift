/// A conditional translation: used when both its `conditions` and `segments` match (absent = matches).
public struct MessageOverride: Sendable, Equatable {
  /// The override key (reported as `overrideKey` in `message_override_matched`).
  public var key: String
  /// Attribute/feature/experiment conditions.
  public var conditions: Condition?
  /// Segment references.
  public var segments: GroupSegment?
  /// The translation for this datafile's locale.
  public var translation: String

  /// Creates an override.
  public init(
    key: String, conditions: Condition? = nil, segments: GroupSegment? = nil, translation: String
  ) {
    self.key = key
    self.conditions = conditions
    self.segments = segments
    self.translation = translation
  }
}
