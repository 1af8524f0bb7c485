import Messagevisor

/// Conversions between source expressions and the engine's condition types.
public enum EngineBridge {
  /// Decides one attribute predicate with the engine's evaluator.
  public static let evaluatePredicate: ConditionSpecializer.PredicateEvaluator = {
    predicate, context in
    evaluateCondition(
      condition(predicate), provider: MessagevisorEvaluationDataProvider(context: context))
  }

  /// A source condition expression as an engine `Condition` (JSON text for structures).
  public static func condition(_ expression: MessagevisorValue) -> Condition {
    if case .string(let text) = expression {
      return text == "*" ? .all : .string(text)
    }
    return .string(JSONText.encode(expression))
  }
}
