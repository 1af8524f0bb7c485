extension GroupSegment: ConditionTree {
  /// The combinator and children of `list`, `and`, `or` and `not`; `nil` for a leaf.
  package var combination: (ConditionCombinator, [GroupSegment])? {
    switch self {
    case .list(let items): return (.list, items)
    case .and(let items): return (.and, items)
    case .or(let items): return (.or, items)
    case .not(let items): return (.not, items)
    case .all, .key: return nil
    }
  }

  /// The combinator node `combinator` over `children`.
  package init(_ combinator: ConditionCombinator, _ children: [GroupSegment]) {
    switch combinator {
    case .list: self = .list(children)
    case .and: self = .and(children)
    case .or: self = .or(children)
    case .not: self = .not(children)
    }
  }
}
