/// A segment expression on an override: segment keys combined with AND/OR/NOT (spec §2.2).
public indirect enum GroupSegment: Sendable, Equatable {
  /// `"*"`: always true.
  case all
  /// A segment key, or JSON text of a group segment (text starting with `{` or `[`).
  case key(String)
  /// An implicit AND.
  case list([GroupSegment])
  /// True when every child is true.
  case and([GroupSegment])
  /// True when at least one child is true.
  case or([GroupSegment])
  /// NOT(AND(children)); an empty `not` is false.
  case not([GroupSegment])
}

extension GroupSegment: ExpressibleByStringLiteral {
  /// `"*"` becomes ``all``; any other literal becomes ``key(_:)``.
  public init(stringLiteral value: String) {
    self = value == "*" ? .all : .key(value)
  }
}

extension GroupSegment: ExpressibleByArrayLiteral {
  /// A list literal is an implicit AND.
  public init(arrayLiteral elements: GroupSegment...) { self = .list(elements) }
}

extension GroupSegment: Codable {
  /// Decodes the datafile shapes.
  public init(from decoder: any Decoder) throws {
    self = try DatafileReader.groupSegment(MessagevisorValue(from: decoder), path: "$", depth: 0)
  }

  /// Encodes the datafile shape.
  public func encode(to encoder: any Encoder) throws {
    try DatafileWriter.value(of: self).encode(to: encoder)
  }
}
