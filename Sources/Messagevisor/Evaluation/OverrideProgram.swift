/// The overrides of one message as a flat program of tests with jump targets, built from their
/// ``ConditionPlan``s when the datafile is stored: `and`/`or`/`not` become jumps, so evaluation
/// walks plain values (no reference counting) and stops at the first override that holds.
struct OverrideProgram: Sendable {
  /// One test: `onTrue`/`onFalse` are the next instruction, or (negative) a result: `-1 - i`
  /// selects override `i`, ``OverrideProgram/noMatch`` selects none.
  struct Instruction: Sendable {
    /// An ``OperatorCode`` raw value for an attribute test; ``OverrideProgram/treeKind`` for a
    /// tree left to the evaluator.
    var kind: UInt8
    /// The attribute slot (attribute tests).
    var slot: Int32
    /// The expected value's index (attribute tests) or the tree's index.
    var operand: Int32
    var onTrue: Int32
    var onFalse: Int32
  }

  /// A part of a condition kept as a tree.
  enum Tree: Sendable {
    case condition(Condition, depth: Int)
    case group(GroupSegment, depth: Int)
  }

  static let noMatch = Int32.min
  static let treeKind = UInt8.max

  private(set) var instructions: ContiguousArray<Instruction> = []
  private(set) var expected: ContiguousArray<MessagevisorValue?> = []
  private(set) var trees: [Tree] = []
  /// Where evaluation starts (an instruction, or a result when no test is needed).
  private(set) var entry = OverrideProgram.noMatch

  /// Compiles `plans` (conditions, segments per override, in order).
  init(_ plans: [(conditions: ConditionPlan, segments: ConditionPlan)]) {
    var next = Self.noMatch
    for (index, plan) in plans.enumerated().reversed() {
      let accept = -1 - Int32(index)
      let afterConditions = emit(plan.segments, onTrue: accept, onFalse: next)
      next = emit(plan.conditions, onTrue: afterConditions, onFalse: next)
    }
    entry = next
  }

  /// Emits `plan` so that it continues at `onTrue` or `onFalse`; returns its first target.
  private mutating func emit(_ plan: ConditionPlan, onTrue: Int32, onFalse: Int32) -> Int32 {
    switch plan {
    case .constant(let value): return value ? onTrue : onFalse
    case .all(let items):
      var target = onTrue
      for item in items.reversed() { target = emit(item, onTrue: target, onFalse: onFalse) }
      return target
    case .any(let items):
      var target = onFalse
      for item in items.reversed() { target = emit(item, onTrue: onTrue, onFalse: target) }
      return target
    case .notAll(let items):
      guard !items.isEmpty else { return onFalse }
      return emit(.all(items), onTrue: onFalse, onFalse: onTrue)
    case .attribute(let slot, let code, let value):
      expected.append(value)
      return append(
        Instruction(
          kind: code.rawValue, slot: Int32(slot), operand: Int32(expected.count - 1),
          onTrue: onTrue, onFalse: onFalse))
    case .condition(let condition, let depth):
      trees.append(.condition(condition, depth: depth))
      return appendTree(onTrue: onTrue, onFalse: onFalse)
    case .group(let group, let depth):
      trees.append(.group(group, depth: depth))
      return appendTree(onTrue: onTrue, onFalse: onFalse)
    }
  }

  private mutating func appendTree(onTrue: Int32, onFalse: Int32) -> Int32 {
    append(
      Instruction(
        kind: Self.treeKind, slot: 0, operand: Int32(trees.count - 1), onTrue: onTrue,
        onFalse: onFalse))
  }

  private mutating func append(_ instruction: Instruction) -> Int32 {
    instructions.append(instruction)
    return Int32(instructions.count - 1)
  }

  /// Whether some test needs a ``ConditionEvaluator``.
  var needsEvaluator: Bool { !trees.isEmpty }

  /// The index of the first override that holds, or `nil`. `slots` caches attribute values
  /// (`.none` = not looked up yet); `resolve` looks the attribute of a slot up when it is `.none`;
  /// `evaluator` must be there when ``needsEvaluator`` is.
  @inline(__always)
  func firstMatch(
    _ slots: UnsafeMutableBufferPointer<MessagevisorValue??>,
    resolve: (Int) -> MessagevisorValue?, _ evaluator: ConditionEvaluator?
  ) -> Int? {
    var target = entry
    instructions.withUnsafeBufferPointer { program in
      expected.withUnsafeBufferPointer { expected in
        while target >= 0 {
          let instruction = program[Int(target)]
          let holds: Bool
          if instruction.kind == Self.treeKind {
            switch trees[Int(instruction.operand)] {
            case .condition(let condition, let depth):
              holds = evaluator?.evaluate(condition, depth: depth) ?? false
            case .group(let group, let depth):
              holds = evaluator?.evaluate(group, depth: depth) ?? false
            }
          } else {
            let slot = Int(instruction.slot)
            if case .none = slots[slot] { slots[slot] = .some(resolve(slot)) }
            holds = Self.test(
              instruction.kind, slots[slot].unsafelyUnwrapped, expected[Int(instruction.operand)])
          }
          target = holds ? instruction.onTrue : instruction.onFalse
        }
      }
    }
    return target == Self.noMatch ? nil : Int(-1 - target)
  }

  /// ``firstMatch(_:resolve:_:)`` with slots looked up in `callContext`, then `instanceContext`.
  func firstMatch(
    _ slots: UnsafeMutableBufferPointer<MessagevisorValue??>, _ attributes: [String],
    _ instanceContext: MessagevisorContext, _ callContext: MessagevisorContext?,
    _ evaluator: ConditionEvaluator?
  ) -> Int? {
    firstMatch(
      slots,
      resolve: { slot in
        let name = attributes[slot]
        return callContext?[name] ?? instanceContext[name]
      }, evaluator)
  }

  @inline(__always)
  private static func test(
    _ kind: UInt8, _ actual: MessagevisorValue?, _ expected: MessagevisorValue?
  ) -> Bool {
    switch OperatorCode(rawValue: kind).unsafelyUnwrapped {
    case .equals: return actual == expected
    case .notEquals: return actual != expected
    case .exists: return actual != nil
    case .notExists: return actual == nil
    case let code:
      guard let actual, let expected, actual.isNumber, expected.isNumber else { return false }
      return ConditionEvaluator.compareNumbers(actual, expected, code)
    }
  }
}
