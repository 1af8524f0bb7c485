import Messagevisor

extension EntityReader {
  /// Checks references between entities: locales, inheritance chains (cycles), condition
  /// operators, attributes, segments, target locales and test subjects.
  func crossCheck(_ project: inout Project) throws(ProjectError) {
    for key in project.locales.keys.sorted() {
      guard let locale = project.locales[key] else { continue }
      for (field, parent) in [
        ("inheritTranslationsFrom", locale.inheritTranslationsFrom),
        ("inheritFormatsFrom", locale.inheritFormatsFrom),
      ] {
        guard let parent else { continue }
        guard project.locales[parent] != nil else {
          try report(
            ProjectError(
              file: locale.file, line: locale.location.line, column: locale.location.column,
              message: "\(field): unknown locale \"\(parent)\"", code: "unknown_locale"))
          continue
        }
      }
      try attempt { () throws(ProjectError) in
        _ = try LocaleChain.translations(for: key, in: project)
        _ = try LocaleChain.formats(for: key, in: project)
      }
    }
    // Messages share interned locale lists: each list is checked once, and only the messages with
    // an unknown locale are sorted and reported (in key order), so a live rebuild of a big project
    // does not sort every message's locales again.
    var knownLists = Set<ObjectIdentifier>()
    func allKnown(_ codes: LocaleCodes) -> Bool {
      let id = ObjectIdentifier(codes)
      if knownLists.contains(id) { return true }
      guard codes.codes.allSatisfy({ project.locales[$0] != nil }) else { return false }
      knownLists.insert(id)
      return true
    }
    var unknownUse: [String] = []
    for (key, message) in project.messages
    where !allKnown(message.translations.codes)
      || !message.overrides.allSatisfy({ allKnown($0.translations.codes) })
    {
      unknownUse.append(key)
    }
    for key in unknownUse.sorted() {
      guard let message = project.messages[key] else { continue }
      let used = Array(message.translations.keys) + message.overrides.flatMap(\.translations.keys)
      for locale in Set(used).sorted() where project.locales[locale] == nil {
        let at =
          message.translationLocations[locale]
          ?? message.overrides.lazy.compactMap { $0.translationLocations[locale] }.first
          ?? message.location
        try report(
          ProjectError(
            file: message.file, line: at.line, column: at.column,
            message:
              "translation for unknown locale \"\(locale)\" (known: \(project.locales.keys.sorted().joined(separator: ", ")))",
            code: "unknown_locale"))
      }
    }
    for site in conditionSites {
      try attempt { () throws(ProjectError) in
        try check(
          site.node, file: site.file, isSegments: site.isSegments, project: project, depth: 0)
      }
    }
    for key in project.targets.keys.sorted() {
      guard let target = project.targets[key] else { continue }
      for locale in (target.locales ?? []) + Array(target.formats.keys)
      where project.locales[locale] == nil {
        try report(
          ProjectError(
            file: target.file, line: target.location.line, column: target.location.column,
            message: "unknown locale \"\(locale)\"", code: "unknown_locale"))
      }
    }
    for spec in project.tests {
      let exists: Bool
      switch spec.kind {
      case .message: exists = project.messages[spec.subject] != nil
      case .segment: exists = project.segments[spec.subject] != nil
      case .target: exists = project.targets[spec.subject] != nil
      case .locale: exists = project.locales[spec.subject] != nil
      }
      guard exists else {
        try report(
          ProjectError(
            file: spec.file, line: max(spec.location.line, 1), column: spec.location.column,
            message: "unknown \(spec.kind.rawValue) \"\(spec.subject)\"",
            code: "unknown_\(spec.kind.rawValue)"))
        continue
      }
    }
  }

  func check(
    _ node: YAMLNode, file: String, isSegments: Bool, project: Project, depth: Int
  ) throws(ProjectError) {
    guard depth < ProjectLoader.maxConditionDepth else {
      throw ProjectError(
        file: file, line: node.line, column: node.column, message: "conditions nested too deeply")
    }
    switch node.kind {
    case .scalar(let value):
      guard let text = value.stringValue else {
        throw ProjectError(
          file: file, line: node.line, column: node.column,
          message: "a \(isSegments ? "segment" : "condition") must be a string, list or mapping")
      }
      if text == "*" { return }
      if isSegments {
        guard project.segments[text] != nil else {
          throw ProjectError(
            file: file, line: node.line, column: node.column,
            message:
              "unknown segment \"\(text)\" (known: \(project.segments.keys.sorted().joined(separator: ", ")))",
            code: "unknown_segment")
        }
      } else if !(text.hasPrefix("{") || text.hasPrefix("[")) {
        throw ProjectError(
          file: file, line: node.line, column: node.column,
          message: "a condition string must be \"*\"; use segments: for segment keys")
      }
    case .sequence(let items):
      for item in items {
        try check(item, file: file, isSegments: isSegments, project: project, depth: depth + 1)
      }
    case .mapping(let entries):
      if let group = entries.first, entries.count == 1, ["and", "or", "not"].contains(group.key) {
        guard let items = group.value.items, !items.isEmpty else {
          throw ProjectError(
            file: file, line: group.value.line, column: group.value.column,
            message: "\(group.key) needs a non-empty list")
        }
        for item in items {
          try check(item, file: file, isSegments: isSegments, project: project, depth: depth + 1)
        }
        return
      }
      guard !isSegments else {
        throw ProjectError(
          file: file, line: node.line, column: node.column,
          message: "segments must be keys, lists or and/or/not groups of segment keys")
      }
      try checkPredicate(node, entries, file: file, project: project)
    }
  }

  func checkPredicate(_ node: YAMLNode, _ entries: [YAMLEntry], file: String, project: Project)
    throws(ProjectError)
  {
    func fail(_ message: String, _ at: YAMLNode? = nil, code: String = "invalid_condition")
      -> ProjectError
    {
      ProjectError(
        file: file, line: (at ?? node).line, column: (at ?? node).column, message: message,
        code: code)
    }
    let keys = Set(entries.map(\.key))
    let operatorNode = node["operator"]
    let op = operatorNode?.string
    if let feature = node["feature"] {
      guard keys.isSubset(of: ["feature", "operator"]), feature.string != nil else {
        throw fail("a feature condition has only \"feature\" and \"operator\" (no value)")
      }
      guard op == "isEnabled" || op == "isDisabled" else {
        throw fail(
          "unknown feature operator \"\(op ?? "")\"; use isEnabled or isDisabled", operatorNode)
      }
      return
    }
    if node["experiment"] != nil {
      guard keys.isSubset(of: ["experiment", "operator", "value"]), node["value"]?.string != nil
      else {
        throw fail(
          "an experiment condition needs \"experiment\", \"operator\" and a string \"value\"")
      }
      guard op == "hasVariation" else {
        throw fail("unknown experiment operator \"\(op ?? "")\"; use hasVariation", operatorNode)
      }
      return
    }
    guard let attribute = node["attribute"]?.string else {
      let unknown = keys.subtracting(["attribute", "operator", "value", "regexFlags"]).sorted()
      throw fail(
        unknown.isEmpty
          ? "a condition needs \"attribute\", \"feature\" or \"experiment\""
          : "unknown condition field \"\(unknown[0])\"")
    }
    for entry in entries
    where !["attribute", "operator", "value", "regexFlags"].contains(entry.key) {
      throw ProjectError(
        file: file, line: entry.line, column: entry.column,
        message: "unknown condition field \"\(entry.key)\"")
    }
    guard let op else { throw fail("condition on \"\(attribute)\" needs an \"operator\"") }
    guard ProjectLoader.attributeOperators.contains(op) else {
      throw fail(
        "unknown operator \"\(op)\"; use one of \(ProjectLoader.attributeOperators.sorted().joined(separator: ", "))",
        operatorNode)
    }
    let valueless = op == "exists" || op == "notExists"
    if valueless, keys.contains("value") { throw fail("\(op) takes no \"value\"") }
    if !valueless, !keys.contains("value") { throw fail("\(op) needs a \"value\"") }
    if keys.contains("regexFlags"), op != "matches", op != "notMatches" {
      throw fail("regexFlags is only allowed with matches/notMatches")
    }
    if !project.attributes.isEmpty {
      let root = String(attribute.split(separator: ".", maxSplits: 1).first ?? "")
      guard project.attributes[attribute] != nil || project.attributes[root] != nil else {
        throw fail(
          "unknown attribute \"\(attribute)\" (known: \(project.attributes.keys.sorted().joined(separator: ", ")))",
          node["attribute"], code: "unknown_attribute")
      }
    }
  }
}
