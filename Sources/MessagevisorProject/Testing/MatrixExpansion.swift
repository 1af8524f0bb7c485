import Messagevisor

/// Expands an assertion's `matrix` (Cartesian product, first key varying slowest) and applies
/// `${{ var }}` substitution.
public enum MatrixExpansion {
  /// One expanded assertion: the node without `matrix`, and its combination index (nil if the
  /// assertion had no matrix).
  public struct Expanded: Sendable {
    /// The substituted assertion.
    public var node: YAMLNode
    /// 0-based combination index, when a matrix was expanded.
    public var combination: Int?
  }

  /// Expands one assertion node.
  public static func expand(_ assertion: YAMLNode) -> [Expanded] {
    guard let entries = assertion.entries, let matrix = assertion["matrix"]?.entries else {
      return [Expanded(node: assertion, combination: nil)]
    }
    let rest = YAMLNode(
      kind: .mapping(entries.filter { $0.key != "matrix" }), line: assertion.line,
      column: assertion.column)
    return combinations(matrix).enumerated().map { index, variables in
      Expanded(node: substitute(rest, variables, depth: 0), combination: index)
    }
  }

  /// The most combinations one assertion may expand to; larger products are cut here.
  public static let maxCombinations = 10_000

  /// All combinations, first key slowest (at most ``maxCombinations``).
  public static func combinations(_ matrix: [YAMLEntry]) -> [[String: MessagevisorValue]] {
    var result: [[String: MessagevisorValue]] = [[:]]
    for entry in matrix {
      let values = entry.value.items?.map(\.value) ?? [entry.value.value]
      var next: [[String: MessagevisorValue]] = []
      for combination in result {
        for value in values where next.count < maxCombinations {
          var extended = combination
          extended[entry.key] = value
          next.append(extended)
        }
      }
      result = next
    }
    return result
  }

  /// Replaces `${{ name }}` in strings: a string that is exactly one placeholder becomes the raw
  /// typed value; otherwise values are interpolated as text.
  public static func substitute(_ text: String, _ variables: [String: MessagevisorValue])
    -> MessagevisorValue
  {
    guard text.contains("${{") else { return .string(text) }
    let trimmed = text.trimmingWhitespace()
    if trimmed.hasPrefix("${{"), trimmed.hasSuffix("}}") {
      let inner = String(trimmed.dropFirst(3).dropLast(2)).trimmingWhitespace()
      if !inner.contains("}}"), !inner.contains("${{"), let value = variables[inner] {
        return value
      }
    }
    var output = ""
    var rest = Substring(text)
    while let open = rest.range(of: "${{") {
      output += rest[..<open.lowerBound]
      guard let close = rest[open.upperBound...].range(of: "}}") else {
        output += rest[open.lowerBound...]
        return .string(output)
      }
      let name = String(rest[open.upperBound..<close.lowerBound]).trimmingWhitespace()
      if let value = variables[name] {
        output += textOf(value)
      } else {
        output += rest[open.lowerBound..<close.upperBound]
      }
      rest = rest[close.upperBound...]
    }
    return .string(output + rest)
  }

  static func textOf(_ value: MessagevisorValue) -> String {
    switch value {
    case .string(let text): return text
    case .int(let int): return String(int)
    case .double(let double): return JSONText.number(double)
    case .bool(let bool): return bool ? "true" : "false"
    case .null: return "null"
    default: return JSONText.encode(value)
    }
  }

  static func substitute(_ node: YAMLNode, _ variables: [String: MessagevisorValue], depth: Int)
    -> YAMLNode
  {
    guard depth < 100 else { return node }
    var copy = node
    switch node.kind {
    case .scalar(.string(let text)):
      let replaced = substitute(text, variables)
      copy = YAMLNode.from(replaced)
      copy.line = node.line
      copy.column = node.column
    case .scalar: break
    case .sequence(let items):
      copy.kind = .sequence(items.map { substitute($0, variables, depth: depth + 1) })
    case .mapping(let entries):
      copy.kind = .mapping(
        entries.map { entry in
          var entry = entry
          entry.value = substitute(entry.value, variables, depth: depth + 1)
          return entry
        })
    }
    return copy
  }
}
