/// One override of a message in a ``TranslationTrace``: its translation and why its conditions
/// and segments did or did not match.
public struct OverrideTrace: Sendable, Equatable {
  /// The override key.
  public var key: String
  /// Its position in the message's overrides.
  public var index: Int
  /// The override's translation in the traced locale.
  public var translation: String
  /// The conditions explained (`nil` when the override has none, which matches).
  public var conditions: ConditionExplanation?
  /// The segments explained (`nil` when the override has none, which matches).
  public var segments: ConditionExplanation?
  /// Whether conditions and segments both matched.
  public var matched: Bool
  /// Whether this override supplied the text (the first that matched).
  public var chosen: Bool

  /// Creates an override trace.
  public init(
    key: String, index: Int, translation: String, conditions: ConditionExplanation? = nil,
    segments: ConditionExplanation? = nil, matched: Bool, chosen: Bool = false
  ) {
    self.key = key
    self.index = index
    self.translation = translation
    self.conditions = conditions
    self.segments = segments
    self.matched = matched
    self.chosen = chosen
  }
}
