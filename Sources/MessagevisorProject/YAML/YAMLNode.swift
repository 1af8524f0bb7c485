import Messagevisor

/// A parsed YAML (or JSON) node that keeps mapping order and source positions, so the project
/// loader can report unknown fields with `file:line:column` and expand matrices in key order.
public struct YAMLNode: Sendable, Equatable {
  /// The shape of a node.
  public enum Kind: Sendable, Equatable {
    /// A typed scalar (string, int, double, bool, null; timestamps become ISO strings).
    case scalar(MessagevisorValue)
    /// A sequence of nodes.
    case sequence([YAMLNode])
    /// A mapping with keys in document order.
    case mapping([YAMLEntry])
  }

  /// The node's shape and content.
  public var kind: Kind
  /// 1-based line of the node's first character (0 when unknown).
  public var line: Int
  /// 1-based column of the node's first character (0 when unknown).
  public var column: Int

  /// Creates a node.
  public init(kind: Kind, line: Int = 0, column: Int = 0) {
    self.kind = kind
    self.line = line
    self.column = column
  }

  /// The node as a plain value (mappings become unordered objects).
  public var value: MessagevisorValue {
    switch kind {
    case .scalar(let value): return value
    case .sequence(let items): return .array(items.map(\.value))
    case .mapping(let entries):
      var object: [String: MessagevisorValue] = [:]
      for entry in entries { object[entry.key] = entry.value.value }
      return .object(object)
    }
  }

  /// The mapping entries, when this is a mapping.
  public var entries: [YAMLEntry]? {
    if case .mapping(let entries) = kind { return entries }
    return nil
  }

  /// The sequence items, when this is a sequence.
  public var items: [YAMLNode]? {
    if case .sequence(let items) = kind { return items }
    return nil
  }

  /// The scalar value, when this is a scalar.
  public var scalar: MessagevisorValue? {
    if case .scalar(let value) = kind { return value }
    return nil
  }

  /// The string payload, when this is a string scalar.
  public var string: String? { scalar?.stringValue }

  /// The entry for `key`, when this is a mapping that has it.
  public subscript(key: String) -> YAMLNode? {
    entries?.first { $0.key == key }?.value
  }

  /// Builds a node from a plain value (objects get sorted keys; no positions).
  public static func from(_ value: MessagevisorValue) -> YAMLNode {
    switch value {
    case .array(let items): return YAMLNode(kind: .sequence(items.map(from)))
    case .object(let object):
      return YAMLNode(
        kind: .mapping(
          object.keys.sorted().map { YAMLEntry(key: $0, value: from(object[$0] ?? .null)) }))
    default: return YAMLNode(kind: .scalar(value))
    }
  }
}

/// One key/value pair of a YAML mapping, with the key's position.
public struct YAMLEntry: Sendable, Equatable {
  /// The key text (non-string keys are rendered as text, as JavaScript does).
  public var key: String
  /// 1-based line of the key.
  public var line: Int
  /// 1-based column of the key.
  public var column: Int
  /// The value node.
  public var value: YAMLNode

  /// Creates an entry.
  public init(key: String, line: Int = 0, column: Int = 0, value: YAMLNode) {
    self.key = key
    self.line = line
    self.column = column
    self.value = value
  }
}
