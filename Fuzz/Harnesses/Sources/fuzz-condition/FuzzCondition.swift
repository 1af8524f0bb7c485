import Foundation
import FuzzSupport
import Messagevisor

let attributeNames = ["platform", "plan", "country", "version", "age", "name", "date", "tags"]

/// Condition strings and regexes. The text before the first NUL is evaluated as a JSON condition
/// string, as a group segment expression and as a `matches` pattern (with flags from the tail);
/// the tail supplies the context, the segments and the flag resolver's answers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConditionEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  CPUBudget.run { fuzzCondition(data, size) }
}

func fuzzCondition(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let (text, rest) = splitAtNUL(data, size)
  var bytes = FuzzBytes(rest)
  let context = bytes.values(names: attributeNames)
  let flagSeed = bytes.byte()
  let segments: [String: Segment] = [
    "a": Segment(conditions: .string(text)),
    "b": Segment(
      conditions: .predicate(
        ConditionPredicate(attribute: "name", operator: .matches, value: .string(text)))),
  ]
  let provider = MessagevisorEvaluationDataProvider(
    context: context, segments: segments,
    resolveFlag: { key, _ in key.utf8.count % 2 == Int(flagSeed & 1) })
  _ = evaluateCondition(.string(text), provider: provider)
  _ = evaluateGroupSegment(.key(text), provider: provider)
  _ = evaluateGroupSegment(
    .and([.key("a"), .or([.key("b"), .not([.key("a")])])]), provider: provider)
  let flagSets = ["", "i", "s", "m", "u", "g", "y", "im", "x", "ius"]
  let subject = bytes.string(maxLength: 64)
  for op in [ConditionOperator.matches, .notMatches] {
    let predicate = ConditionPredicate(
      attribute: "subject", operator: op, value: .string(text),
      regexFlags: flagSets[bytes.choice(flagSets.count)])
    _ = evaluateCondition(
      .predicate(predicate),
      provider: MessagevisorEvaluationDataProvider(context: ["subject": .string(subject)]))
  }
  return 0
}
