/// Why a condition tree or a group segment did or did not match: the same evaluation the engine
/// performs, kept as a tree with the value each leaf read from the context.
///
/// Built by ``explainCondition(_:provider:)`` and ``explainGroupSegment(_:provider:)``. Every node's
/// ``matched`` equals what ``evaluateCondition(_:provider:)`` (or ``evaluateGroupSegment(_:provider:)``)
/// returns for that subtree; unlike the engine, an explanation evaluates every child instead of
/// stopping at the first decisive one, so that each is shown.
public struct ConditionExplanation: Sendable, Equatable {
  /// What a node of the tree is.
  public enum Node: Sendable, Equatable {
    /// `"*"`: always matches.
    case all
    /// A leaf: an attribute, feature or experiment predicate.
    case predicate(ConditionPredicate)
    /// An implicit AND (a plain list).
    case list
    /// `and`: every child matches (empty matches).
    case and
    /// `or`: some child matches (empty does not).
    case or
    /// `not`: NOT(AND(children)); an empty `not` does not match.
    case not
    /// A segment reference by key; its child is the segment's condition tree when it exists and
    /// is not archived.
    case segment(String)
    /// JSON text that does not parse as a condition or group segment (never matches).
    case invalidJSON(String)
    /// A subtree deeper than the engine's limit (never matches).
    case tooDeep
  }

  /// What this node is.
  public var node: Node
  /// Whether the subtree matched in the given context.
  public var matched: Bool
  /// For predicates, the value the predicate compared: the context attribute at its path
  /// (`nil` when missing), the flag resolver's answer as `.bool` for features, the variation as
  /// `.string` for experiments (`nil` when none).
  public var actual: MessagevisorValue?
  /// Why a node did not get evaluated normally (a missing or archived segment), if it did not.
  public var note: String?
  /// The child explanations (for combinators, JSON text and segments).
  public var children: [ConditionExplanation]

  /// Creates a node.
  public init(
    node: Node, matched: Bool, actual: MessagevisorValue? = nil, note: String? = nil,
    children: [ConditionExplanation] = []
  ) {
    self.node = node
    self.matched = matched
    self.actual = actual
    self.note = note
    self.children = children
  }
}
