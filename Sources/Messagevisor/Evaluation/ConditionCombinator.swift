/// How a node of a condition tree combines its children (spec §2.2): the one definition of
/// `list`, `and`, `or` and `not` that the evaluator, the explainer, the plan compiler, the
/// datafile writer and the project tools share.
package enum ConditionCombinator: Sendable, Equatable {
  /// A plain list: an implicit AND.
  case list
  /// Every child holds (empty holds).
  case and
  /// Some child holds (empty does not).
  case or
  /// NOT(AND(children)); an empty `not` does not hold.
  case not

  /// The combinator an object key spells in a datafile or project file (`and`, `or`, `not`).
  package init?(key: String) {
    switch key {
    case "and": self = .and
    case "or": self = .or
    case "not": self = .not
    default: return nil
    }
  }

  /// The object key of the combinator in a datafile (`nil` for a list, which is an array).
  package var key: String? {
    switch self {
    case .list: return nil
    case .and: return "and"
    case .or: return "or"
    case .not: return "not"
    }
  }

  /// The datafile shape of the combinator over `children`: an array for a list, otherwise an
  /// object whose one key names the combinator.
  package func expression(_ children: [MessagevisorValue]) -> MessagevisorValue {
    guard let key else { return .array(children) }
    return .object([key: .array(children)])
  }

  /// Whether the combinator holds over `items`, asking `holds` for each item in order only until
  /// the result is decided.
  @inline(__always)
  package func holds<Item>(_ items: [Item], _ holds: (Item) -> Bool) -> Bool {
    switch self {
    case .list, .and:
      for item in items where !holds(item) { return false }
      return true
    case .or:
      for item in items where holds(item) { return true }
      return false
    case .not:
      guard !items.isEmpty else { return false }
      for item in items where !holds(item) { return true }
      return false
    }
  }
}
