extension ProjectConfig {
  /// Reads `promotionFlows`: a mapping from a set to the set (or list of sets) it may be promoted
  /// to (`staging: production`), or a list of `{from, to}` mappings.
  static func parsePromotionFlows(_ node: YAMLNode, file: String) throws(ProjectError) -> [String:
    [String]]
  {
    func names(_ value: YAMLNode) throws(ProjectError) -> [String] {
      if let name = value.string { return [name] }
      guard let items = value.items else {
        throw ProjectError(
          file: file, line: value.line, column: value.column,
          message: "promotionFlows: a destination must be a set name or a list of set names")
      }
      var result: [String] = []
      for item in items {
        guard let name = item.string else {
          throw ProjectError(
            file: file, line: item.line, column: item.column,
            message: "promotionFlows: each destination must be a set name")
        }
        result.append(name)
      }
      return result
    }
    var flows: [String: [String]] = [:]
    if let entries = node.entries {
      for entry in entries { flows[entry.key, default: []] += try names(entry.value) }
      return flows
    }
    guard let items = node.items else {
      throw ProjectError(
        file: file, line: node.line, column: node.column,
        message:
          "promotionFlows must map a set to the sets it may be promoted to (staging: production), or list {from, to} pairs"
      )
    }
    for item in items {
      guard let from = item["from"]?.string, let to = item["to"] else {
        throw ProjectError(
          file: file, line: item.line, column: item.column,
          message: "promotionFlows: each item needs \"from\" (a set) and \"to\" (a set or list)")
      }
      flows[from, default: []] += try names(to)
    }
    return flows
  }
}
