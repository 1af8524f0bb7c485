import Messagevisor

/// A context attribute the project declares (or a feature flag its segments test), with the
/// values the context controls cycle through.
public struct ContextAttribute: Sendable, Equatable {
  /// Where the attribute comes from.
  public enum Source: String, Sendable, Equatable {
    /// `attributes/<name>.yml`.
    case attribute
    /// A `feature:` condition in a segment or override (a boolean flag).
    case flag
  }

  /// The context key.
  public var name: String
  /// The declared type (`string`, `integer`, `boolean`, `date`, `array`, `object`…), if any.
  public var type: String?
  /// The values `p` cycles through: the enum values, else the values conditions compare with.
  public var values: [MessagevisorValue]
  /// Where the attribute comes from.
  public var source: Source
  /// Whether ``values`` is the attribute file's `enum:` list (rather than values conditions use).
  public var isEnum: Bool

  /// Creates an attribute.
  public init(
    name: String, type: String? = nil, values: [MessagevisorValue] = [],
    source: Source = .attribute, isEnum: Bool = false
  ) {
    self.name = name
    self.type = type
    self.values = values
    self.source = source
    self.isEnum = isEnum
  }

  /// Whether `b` toggles it.
  public var isBoolean: Bool { source == .flag || type == "boolean" }

  /// The value after `current` (booleans toggle; unknown values start at the first).
  public func next(after current: MessagevisorValue?) -> MessagevisorValue? {
    if isBoolean { return .bool(!(current?.boolValue ?? false)) }
    guard !values.isEmpty else { return nil }
    guard let current, let index = values.firstIndex(of: current) else { return values[0] }
    return values[(index + 1) % values.count]
  }
}
