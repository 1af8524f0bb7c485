import Messagevisor

/// One override of a message in the detail view: its translation, and why its conditions and
/// segments did or did not match in the current context.
public struct OverrideExplanation: Sendable, Equatable {
  /// The override key.
  public var key: String
  /// The override's translation in the locale.
  public var translation: String
  /// The conditions, explained (`nil` when the override has none).
  public var conditions: ConditionExplanation?
  /// The segments, explained (`nil` when the override has none).
  public var segments: ConditionExplanation?
  /// Whether both matched.
  public var matched: Bool
  /// Whether this override supplied the text (the first that matched).
  public var chosen: Bool
}
