extension LintConfig {
  /// Reads the `lint:` mapping of the config file `file`.
  static func parse(_ node: YAMLNode, file: String) throws(ProjectError) -> LintConfig {
    func fail(_ at: YAMLNode, _ message: String) -> ProjectError {
      ProjectError(file: file, line: at.line, column: at.column, message: message)
    }
    func strings(_ node: YAMLNode, _ what: String) throws(ProjectError) -> [String] {
      if let text = node.string { return [text] }
      guard let items = node.items else {
        throw fail(node, "lint.\(what) must be a list of strings")
      }
      var result: [String] = []
      for item in items {
        guard let text = item.string else { throw fail(item, "lint.\(what) must list strings") }
        result.append(text)
      }
      return result
    }
    guard let entries = node.entries else { throw fail(node, "lint must be a mapping") }
    var config = LintConfig()
    for entry in entries {
      switch entry.key {
      case "severity":
        guard let codes = entry.value.entries else {
          throw fail(entry.value, "lint.severity must map codes to error, warning, info or off")
        }
        for code in codes {
          guard LintRule.rule(code.key) != nil else {
            throw ProjectError(
              file: file, line: code.line, column: code.column,
              message:
                "lint.severity: unknown code \"\(code.key)\"; codes: \(LintRule.all.map(\.code).joined(separator: ", "))"
            )
          }
          let text = code.value.string ?? (code.value.scalar?.boolValue == false ? "off" : "")
          if text == "off" {
            config.severities[code.key] = .some(nil)
          } else if let level = LintLevel(rawValue: text) {
            config.severities[code.key] = level
          } else {
            throw fail(code.value, "lint.severity.\(code.key) must be error, warning, info or off")
          }
        }
      case "ignoreKeys": config.ignoreKeys = GlobList(try strings(entry.value, entry.key))
      case "allowIdentical": config.allowIdentical = try strings(entry.value, entry.key)
      case "identicalMinimumLength":
        guard let number = entry.value.scalar?.intValue, number >= 0 else {
          throw fail(entry.value, "lint.identicalMinimumLength must be a number of graphemes")
        }
        config.identicalMinimumLength = number
      default:
        throw ProjectError(
          file: file, line: entry.line, column: entry.column,
          message:
            "unknown lint option \"\(entry.key)\"; known: severity, ignoreKeys, allowIdentical, identicalMinimumLength"
        )
      }
    }
    return config
  }
}
