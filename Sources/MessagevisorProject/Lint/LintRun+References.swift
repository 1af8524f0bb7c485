import CommandLineKit
import Messagevisor

/// References the loader accepts but a team should hear about: `unknown_source_locale`,
/// `archived_reference`, `target_pattern_unmatched`, `invalid_target_context`.
extension LintRun {
  func checkReferences() {
    if let key = options.target, project.targets[key] == nil {
      findings.append(
        LintFinding(
          level: .error, filePath: "targets", entityType: "target", entityKey: key,
          message:
            "--target: unknown target \"\(key)\" (targets: \(project.targets.keys.sorted().joined(separator: ", ")))"
            + Suggestion.didYouMean(key, in: Array(project.targets.keys))
            + "; nothing was linted for it",
          path: "", code: "unknown_target"))
    }
    if let source = project.config.sourceLocale, project.locales[source] == nil {
      let file = project.config.file ?? "messagevisor.config.yml"
      findings.append(
        LintFinding(
          level: .error, filePath: file, entityType: "config", entityKey: "sourceLocale",
          message:
            "sourceLocale \"\(source)\" is not a locale of the project (locales: \(project.locales.keys.sorted().joined(separator: ", "))); fix it or add locales/\(source).yml",
          path: "sourceLocale", code: "unknown_source_locale"))
    }
    for message in messages {
      for (index, override) in message.overrides.enumerated() {
        guard let segments = override.segments else { continue }
        for key in DatafileBuilder.segmentKeys(in: segments)
        where project.segments[key]?.archived == true {
          report(
            "archived_reference",
            "override \"\(override.key)\" uses the archived segment \"\(key)\", which never matches; use another segment or remove the override",
            at: override.location, key: message.key, path: "overrides[\(index)].segments")
        }
      }
    }
    for spec in project.tests where spec.kind == .message {
      guard project.messages[spec.subject]?.archived == true else { continue }
      report(
        "archived_reference",
        "the test names the archived message \"\(spec.subject)\"; remove the spec or unarchive the message",
        at: spec.location, entityType: "test", key: spec.key, path: "message")
    }
    let keys = project.messages.keys.sorted()
    for target in targets {
      for (field, patterns) in [
        ("includeMessages", target.includedMessages), ("excludeMessages", target.excludedMessages),
      ] {
        for glob in patterns.globs where !keys.contains(where: glob.matches) {
          report(
            "target_pattern_unmatched",
            "\(field) pattern \"\(glob.pattern)\" matches no message; fix the pattern or remove it",
            at: target.location, entityType: "target", key: target.key, path: field)
        }
      }
      for name in target.context.keys.sorted() {
        guard let value = target.context[name], let type = project.attributes[name]?.type,
          !Self.value(value, fits: type)
        else { continue }
        report(
          "invalid_target_context",
          "context.\(name) is \(value) but the attribute \"\(name)\" is of type \(type); give a \(type) value",
          at: target.location, entityType: "target", key: target.key, path: "context.\(name)")
      }
    }
  }

  /// Whether `value` can be a value of an attribute of `type`.
  static func value(_ value: MessagevisorValue, fits type: String) -> Bool {
    switch (type, value) {
    case ("boolean", .bool), ("string", .string), ("integer", .int), ("double", .int),
      ("double", .double), ("date", .string), ("date", .date), ("object", .object),
      ("array", .array):
      return true
    case ("integer", .double(let number)): return number == number.rounded()
    default: return false
    }
  }
}
