import Testing

@testable import Messagevisor

/// The one walk over condition trees (`ConditionTree`) that the evaluator, the explainer, the
/// plan compiler, the datafile writer and the project tools share.
@Suite("Condition tree walk")
struct ConditionTreeTests {
  static func attribute(_ name: String) -> Condition {
    .predicate(ConditionPredicate(attribute: name, operator: .exists))
  }

  /// Evaluates `tree` with the leaves named in `trueLeaves` holding, recording the leaves asked.
  static func holds(_ tree: Condition, _ trueLeaves: Set<String>) -> (Bool, [String]) {
    var asked: [String] = []
    let result = tree.holds(depth: 0, maxDepth: 128) { leaf, _ in
      guard case .predicate(let predicate) = leaf, let name = predicate.attribute else {
        return false
      }
      asked.append(name)
      return trueLeaves.contains(name)
    }
    return (result, asked)
  }

  @Test func orStopsAtTheFirstChildThatHolds() {
    let (result, asked) = Self.holds(.or(["a", "b", "c"].map(Self.attribute)), ["b"])
    #expect(result)
    #expect(asked == ["a", "b"])
  }

  @Test func andAndListStopAtTheFirstChildThatFails() {
    for tree in [Condition.and, Condition.list] {
      let (result, asked) = Self.holds(tree(["a", "b", "c"].map(Self.attribute)), ["a", "c"])
      #expect(!result)
      #expect(asked == ["a", "b"])
    }
  }

  @Test func notHoldsWhenSomeChildFailsAndAnEmptyNotFails() {
    #expect(Self.holds(.not(["a", "b"].map(Self.attribute)), ["a"]).0)
    #expect(!Self.holds(.not(["a", "b"].map(Self.attribute)), ["a", "b"]).0)
    #expect(!Self.holds(.not([]), []).0)
    #expect(Self.holds(.and([]), []).0)
    #expect(!Self.holds(.or([]), []).0)
  }

  @Test func aNodeBelowTheDepthLimitDoesNotHoldAndIsNotVisited() {
    let tree = Condition.and([.and([Self.attribute("deep")])])
    var asked = 0
    let result = tree.holds(depth: 0, maxDepth: 1) { _, _ in
      asked += 1
      return true
    }
    #expect(!result)
    #expect(asked == 0)
    #expect(tree.nests(within: 2))
    #expect(!tree.nests(within: 1))
  }

  @Test func foldVisitsEveryChildInOrderWithItsDepth() {
    let tree = Condition.or([Self.attribute("a"), .not([Self.attribute("b")]), .all])
    let text = tree.fold(
      leaf: { leaf, depth in
        guard case .predicate(let predicate) = leaf else { return "*@\(depth)" }
        return "\(predicate.attribute ?? "?")@\(depth)"
      },
      combine: { combinator, items in "\(combinator)(\(items.joined(separator: ",")))" })
    #expect(text == "or(a@1,not(b@2),*@1)")
  }

  @Test func foldStopsAtTheDepthLimitWithoutVisitingBelow() {
    let tree = GroupSegment.and(["x", .or(["y", "z"])])
    let text = tree.fold(
      maxDepth: 1, tooDeep: { _, depth in "deep@\(depth)" },
      leaf: { leaf, _ in
        guard case .key(let key) = leaf else { return "*" }
        return key
      },
      combine: { combinator, items in "\(combinator)(\(items.joined(separator: ",")))" })
    #expect(text == "and(x,or(deep@2,deep@2))")
  }

  @Test func rebuildingEveryNodeGivesTheSameTree() {
    let tree = Condition.list([.and([Self.attribute("a")]), .or([]), .not([.string("{}")])])
    #expect(tree.fold(leaf: { leaf, _ in leaf }, combine: Condition.init) == tree)
    let group = GroupSegment.or([.list(["a"]), .not(["b", .and([])])])
    #expect(group.fold(leaf: { leaf, _ in leaf }, combine: GroupSegment.init) == group)
  }

  @Test func anExpressionAsWrittenIsReadInTheDatafileShapes() {
    let list = ConditionExpression(["a", "b"])
    #expect(list.combination?.0 == .list)
    #expect(list.combination?.1 == [ConditionExpression("a"), ConditionExpression("b")])
    for key in ["and", "or", "not"] {
      let expression = ConditionExpression(.object([key: ["a"]]))
      #expect(expression.combination?.0 == ConditionCombinator(key: key))
      #expect(expression.combination?.1 == [ConditionExpression("a")])
      #expect(
        ConditionExpression(expression.combination!.0, [ConditionExpression("a")]) == expression)
    }
    // Not an array under the key: no children. Another key beside it: a leaf.
    #expect(ConditionExpression(.object(["or": "a"])).combination?.1 == [])
    #expect(ConditionExpression(.object(["and": ["a"], "attribute": "x"])).combination == nil)
    #expect(ConditionExpression("*").combination == nil)
    #expect(
      ConditionExpression(.object(["attribute": "x", "operator": "exists"])).combination == nil)
  }

  @Test func theDatafileWriterSpellsCombinatorsAsTheReaderReadsThem() throws {
    let tree = Condition.list([
      .and([Self.attribute("a")]), .or([.all]), .not([.string(#"{"attribute":"b"}"#)]),
    ])
    let written = DatafileWriter.value(of: tree)
    #expect(
      written
        == ConditionExpression(written).fold(
          leaf: { leaf, _ in leaf.value }, combine: { $0.expression($1) }))
    #expect(try DatafileReader.condition(written, path: "$", depth: 0) == tree)
  }
}
