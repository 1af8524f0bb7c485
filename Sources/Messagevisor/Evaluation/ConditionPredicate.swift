/// A leaf condition: an attribute comparison, a feature flag test or an experiment variation test.
public struct ConditionPredicate: Sendable, Equatable {
  /// The context attribute path (`a.b` walks nested objects), for attribute predicates.
  public var attribute: String?
  /// The feature key, for feature predicates.
  public var feature: String?
  /// The experiment key, for experiment predicates.
  public var experiment: String?
  /// The operator.
  public var `operator`: ConditionOperator
  /// The expected value; `nil` means absent (distinct from `.null`).
  public var value: MessagevisorValue?
  /// Regular expression flags (a subset of `imsu`) for `matches`/`notMatches`.
  public var regexFlags: String?

  /// Creates an attribute predicate.
  public init(
    attribute: String, operator: ConditionOperator, value: MessagevisorValue? = nil,
    regexFlags: String? = nil
  ) {
    self.attribute = attribute
    self.operator = `operator`
    self.value = value
    self.regexFlags = regexFlags
  }

  /// Creates a feature predicate (`isEnabled` / `isDisabled`).
  public init(feature: String, operator: ConditionOperator) {
    self.feature = feature
    self.operator = `operator`
  }

  /// Creates an experiment predicate (`hasVariation` with the expected variation).
  public init(
    experiment: String, operator: ConditionOperator = .hasVariation, value: MessagevisorValue
  ) {
    self.experiment = experiment
    self.operator = `operator`
    self.value = value
  }

  init(
    attribute: String?, feature: String?, experiment: String?, operator: ConditionOperator,
    value: MessagevisorValue?, regexFlags: String?
  ) {
    self.attribute = attribute
    self.feature = feature
    self.experiment = experiment
    self.operator = `operator`
    self.value = value
    self.regexFlags = regexFlags
  }
}
