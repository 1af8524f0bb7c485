/// A condition tree evaluated against the context (spec §2.2).
public indirect enum Condition: Sendable, Equatable {
  /// `"*"`: always true.
  case all
  /// An attribute, feature or experiment predicate.
  case predicate(ConditionPredicate)
  /// An implicit AND (an empty list is true).
  case list([Condition])
  /// True when every child is true (empty is true).
  case and([Condition])
  /// True when at least one child is true (empty is false).
  case or([Condition])
  /// NOT(AND(children)); an empty `not` is false.
  case not([Condition])
  /// JSON text of a condition (parsed once and cached); any other string is false.
  case string(String)
}

extension Condition: ExpressibleByStringLiteral {
  /// `"*"` becomes ``all``; any other literal becomes ``string(_:)`` (JSON text).
  public init(stringLiteral value: String) {
    self = value == "*" ? .all : .string(value)
  }
}

extension Condition: ExpressibleByArrayLiteral {
  /// A list literal is an implicit AND.
  public init(arrayLiteral elements: Condition...) { self = .list(elements) }
}

extension Condition: Codable {
  /// Decodes the datafile shapes: `"*"`, JSON text, a list, `{and|or|not: [...]}` or a predicate.
  public init(from decoder: any Decoder) throws {
    self = try DatafileReader.condition(MessagevisorValue(from: decoder), path: "$", depth: 0)
  }

  /// Encodes the datafile shape.
  public func encode(to encoder: any Encoder) throws {
    try DatafileWriter.value(of: self).encode(to: encoder)
  }
}
