/// A tree of `list`/`and`/`or`/`not` combinators over leaves: ``Condition``, ``GroupSegment``
/// and a condition as written in a file (`ConditionExpression`). The walks over such trees live
/// here once; a caller supplies only what its leaves mean.
package protocol ConditionTree {
  /// The node's combinator and children, or `nil` for a leaf.
  var combination: (ConditionCombinator, [Self])? { get }

  /// The combinator node `combinator` over `children`.
  init(_ combinator: ConditionCombinator, _ children: [Self])
}

extension ConditionTree {
  /// Whether the tree holds: a combinator by its rule, stopping at the first child that decides
  /// (the engine's evaluation order), a leaf by `leaf(node, depth)`; a node deeper than
  /// `maxDepth` does not hold. `depth` is the root's depth.
  package func holds(depth: Int, maxDepth: Int, leaf: (Self, Int) -> Bool) -> Bool {
    guard depth <= maxDepth else { return false }
    guard let (combinator, items) = combination else { return leaf(self, depth) }
    return combinator.holds(items) { $0.holds(depth: depth + 1, maxDepth: maxDepth, leaf: leaf) }
  }

  /// Folds the tree bottom-up: every child of a combinator is visited in order and its result
  /// handed to `combine`; a leaf becomes `leaf(node, depth)`, and a node deeper than `maxDepth`
  /// (leaf or combinator) becomes `tooDeep(node, depth)` without its children being visited.
  package func fold<Result>(
    depth: Int = 0, maxDepth: Int, tooDeep: (Self, Int) -> Result, leaf: (Self, Int) -> Result,
    combine: (ConditionCombinator, [Result]) -> Result
  ) -> Result {
    guard depth <= maxDepth else { return tooDeep(self, depth) }
    guard let (combinator, items) = combination else { return leaf(self, depth) }
    return combine(
      combinator,
      items.map {
        $0.fold(
          depth: depth + 1, maxDepth: maxDepth, tooDeep: tooDeep, leaf: leaf, combine: combine)
      })
  }

  /// Folds the whole tree, however deep (see ``fold(depth:maxDepth:tooDeep:leaf:combine:)``).
  package func fold<Result>(
    leaf: (Self, Int) -> Result, combine: (ConditionCombinator, [Result]) -> Result
  ) -> Result {
    fold(maxDepth: .max, tooDeep: leaf, leaf: leaf, combine: combine)
  }

  /// Whether no node lies more than `levels` levels below the root (the walk stops there).
  package func nests(within levels: Int) -> Bool {
    fold(
      maxDepth: levels, tooDeep: { _, _ in false }, leaf: { _, _ in true },
      combine: { _, items in !items.contains(false) })
  }
}
