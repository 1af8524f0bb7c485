/// Everything condition evaluation reads: the context, the segments and the resolvers.
public struct MessagevisorEvaluationDataProvider: Sendable {
  /// The context attribute predicates read.
  public var context: MessagevisorContext
  /// Segments referenced by group segments.
  public var segments: [String: Segment]
  /// Resolves feature predicates (absent: every flag is disabled).
  public var resolveFlag: MessagevisorFlagResolver?
  /// Resolves experiment predicates (absent: no variation matches).
  public var resolveVariation: MessagevisorVariationResolver?

  /// Creates a provider.
  public init(
    context: MessagevisorContext = [:],
    segments: [String: Segment] = [:],
    resolveFlag: MessagevisorFlagResolver? = nil,
    resolveVariation: MessagevisorVariationResolver? = nil
  ) {
    self.context = context
    self.segments = segments
    self.resolveFlag = resolveFlag
    self.resolveVariation = resolveVariation
  }

  /// Runs `body` with an evaluator over this provider and a fresh regex budget.
  func withEvaluator<T>(caches: EvaluationCaches = .shared, _ body: (ConditionEvaluator) -> T)
    -> T
  {
    ConditionEvaluator.withRegexBudget { budget in
      body(
        ConditionEvaluator(
          instanceContext: context, callContext: nil, segments: segments, resolveFlag: resolveFlag,
          resolveVariation: resolveVariation, caches: caches, regexBudget: budget))
    }
  }
}

/// Evaluates a condition tree (spec §2.2). Over-deep trees and unparsable JSON text are false.
public func evaluateCondition(
  _ condition: Condition, provider: MessagevisorEvaluationDataProvider
) -> Bool {
  provider.withEvaluator { $0.evaluate(condition, depth: 0) }
}

/// Evaluates a group segment expression against the provider's segments.
public func evaluateGroupSegment(
  _ segments: GroupSegment, provider: MessagevisorEvaluationDataProvider
) -> Bool {
  provider.withEvaluator { $0.evaluate(segments, depth: 0) }
}

/// Evaluates one segment by key: a missing or archived segment is false.
public func evaluateSegment(_ key: String, provider: MessagevisorEvaluationDataProvider) -> Bool {
  provider.withEvaluator { $0.evaluateSegment(key) }
}
