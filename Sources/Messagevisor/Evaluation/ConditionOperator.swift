/// A condition operator such as `"equals"` or `"matches"`. Unknown operators evaluate to false.
public struct ConditionOperator: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The operator name as written in datafiles.
  public var rawValue: String {
    didSet { code = OperatorCode(rawValue) }
  }
  /// `rawValue` decoded once (evaluation switches on it).
  private(set) var code: OperatorCode

  /// Creates an operator from its name.
  public init(rawValue: String) {
    self.rawValue = rawValue
    self.code = OperatorCode(rawValue)
  }

  /// Creates an operator from a string literal.
  public init(stringLiteral value: String) { self.init(rawValue: value) }

  /// Operators are equal when their names are.
  public static func == (lhs: ConditionOperator, rhs: ConditionOperator) -> Bool {
    lhs.rawValue == rhs.rawValue
  }

  /// Hashes the name.
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  /// The operator name.
  public var description: String { rawValue }

  /// Strict equality.
  public static let equals: ConditionOperator = "equals"
  /// Strict inequality (true when the attribute is missing and a value is given).
  public static let notEquals: ConditionOperator = "notEquals"
  /// The attribute exists (`null` exists).
  public static let exists: ConditionOperator = "exists"
  /// The attribute is missing.
  public static let notExists: ConditionOperator = "notExists"
  /// Numeric `>`.
  public static let greaterThan: ConditionOperator = "greaterThan"
  /// Numeric `>=`.
  public static let greaterThanOrEquals: ConditionOperator = "greaterThanOrEquals"
  /// Numeric `<`.
  public static let lessThan: ConditionOperator = "lessThan"
  /// Numeric `<=`.
  public static let lessThanOrEquals: ConditionOperator = "lessThanOrEquals"
  /// Substring test.
  public static let contains: ConditionOperator = "contains"
  /// Negative substring test (strings only).
  public static let notContains: ConditionOperator = "notContains"
  /// Prefix test.
  public static let startsWith: ConditionOperator = "startsWith"
  /// Suffix test.
  public static let endsWith: ConditionOperator = "endsWith"
  /// Portable regular expression search.
  public static let matches: ConditionOperator = "matches"
  /// Portable regular expression non-match (false for invalid expressions).
  public static let notMatches: ConditionOperator = "notMatches"
  /// Portable date `<`.
  public static let before: ConditionOperator = "before"
  /// Portable date `>`.
  public static let after: ConditionOperator = "after"
  /// The attribute array contains the value.
  public static let includes: ConditionOperator = "includes"
  /// The attribute array does not contain the value (non-arrays are false).
  public static let notIncludes: ConditionOperator = "notIncludes"
  /// The value array contains the attribute.
  public static let `in`: ConditionOperator = "in"
  /// The value array does not contain the attribute (non-arrays are false).
  public static let notIn: ConditionOperator = "notIn"
  /// Feature flag enabled.
  public static let isEnabled: ConditionOperator = "isEnabled"
  /// Feature flag disabled.
  public static let isDisabled: ConditionOperator = "isDisabled"
  /// Experiment variation equals the value.
  public static let hasVariation: ConditionOperator = "hasVariation"
}
