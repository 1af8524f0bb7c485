/// A condition or group-segment expression as written in a datafile or a project file, seen as
/// a ``ConditionTree``: an array is a list, an object whose only key is `and`, `or` or `not` is
/// that combinator over the key's array (no children when it is not an array), and anything
/// else is a leaf (`"*"`, a segment key, JSON text, a predicate).
package struct ConditionExpression: ConditionTree, Sendable, Equatable {
  /// The expression as written.
  package var value: MessagevisorValue

  /// The expression `value`.
  package init(_ value: MessagevisorValue) { self.value = value }

  /// The combinator node `combinator` over `children`, in the datafile shape.
  package init(_ combinator: ConditionCombinator, _ children: [ConditionExpression]) {
    value = combinator.expression(children.map(\.value))
  }

  /// The combinator and children of an array or a one-key `and`/`or`/`not` object.
  package var combination: (ConditionCombinator, [ConditionExpression])? {
    switch value {
    case .array(let items):
      return (.list, items.map(ConditionExpression.init))
    case .object(let object) where object.count == 1:
      guard let (key, children) = object.first.map({ ($0.key, $0.value) }),
        let combinator = ConditionCombinator(key: key)
      else { return nil }
      return (combinator, (children.arrayValue ?? []).map(ConditionExpression.init))
    default:
      return nil
    }
  }
}
