/// The known condition operators as a small enum, decoded once from ``ConditionOperator/rawValue``
/// when the operator is created, so that evaluation switches on an integer instead of comparing
/// the operator's name against every known name.
enum OperatorCode: UInt8, Sendable {
  case equals, notEquals, exists, notExists
  case greaterThan, greaterThanOrEquals, lessThan, lessThanOrEquals
  case contains, notContains, startsWith, endsWith
  case matches, notMatches, before, after
  case includes, notIncludes, `in`, notIn
  case isEnabled, isDisabled, hasVariation
  /// Any other name (evaluates to false).
  case unknown

  init(_ name: String) {
    switch name {
    case "equals": self = .equals
    case "notEquals": self = .notEquals
    case "exists": self = .exists
    case "notExists": self = .notExists
    case "greaterThan": self = .greaterThan
    case "greaterThanOrEquals": self = .greaterThanOrEquals
    case "lessThan": self = .lessThan
    case "lessThanOrEquals": self = .lessThanOrEquals
    case "contains": self = .contains
    case "notContains": self = .notContains
    case "startsWith": self = .startsWith
    case "endsWith": self = .endsWith
    case "matches": self = .matches
    case "notMatches": self = .notMatches
    case "before": self = .before
    case "after": self = .after
    case "includes": self = .includes
    case "notIncludes": self = .notIncludes
    case "in": self = .in
    case "notIn": self = .notIn
    case "isEnabled": self = .isEnabled
    case "isDisabled": self = .isDisabled
    case "hasVariation": self = .hasVariation
    default: self = .unknown
    }
  }
}
