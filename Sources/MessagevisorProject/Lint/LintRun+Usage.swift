import Messagevisor

/// Usage checks: `unused_message` and `dead_override`.
extension LintRun {
  func checkUsage() {
    let allTargets = Array(project.targets.values)
    for message in messages {
      // Asked before each message, as the per-message checks do (the run's findings are
      // dropped when it was cancelled).
      if isCancelled { return }
      if !allTargets.isEmpty, !allTargets.contains(where: { includes($0, message.key) }) {
        report(
          "unused_message",
          "no target includes this message; add it to a target's includeMessages, or archive it",
          at: message.location, key: message.key, path: "")
      }
      checkDeadOverrides(message)
    }
  }

  func checkDeadOverrides(_ message: ProjectMessage) {
    var unconditional: ProjectOverride?
    for (index, override) in message.overrides.enumerated() {
      let path = "overrides[\(index)]"
      if let earlier = unconditional {
        report(
          "dead_override",
          "override \"\(override.key)\" can never match: \"\(earlier.key)\" before it matches always; move it up or remove it",
          at: override.location, key: message.key, path: path)
      } else if let reason = contradiction(in: override.conditions) {
        report(
          "dead_override",
          "override \"\(override.key)\" can never match: \(reason); fix the conditions or remove it",
          at: override.conditionsLocation ?? override.location, key: message.key,
          path: path + ".conditions")
      }
      if override.conditions?.stringValue == "*" || override.segments?.stringValue == "*" {
        if override.conditions == nil || override.conditions?.stringValue == "*",
          override.segments == nil || override.segments?.stringValue == "*"
        {
          unconditional = unconditional ?? override
        }
      }
      // A project without targets builds nothing: no locale is singled out as unbuilt.
      for locale in override.translations.keys.sorted()
      where !targets.isEmpty
        && !builtLocales.contains(where: { (chains[$0] ?? [$0]).contains(locale) })
      {
        report(
          "dead_override",
          "override \"\(override.key)\" has a \(locale) translation, but no target builds \(locale) or a locale inheriting from it; remove it or add \(locale) to a target",
          at: override.translationLocations[locale] ?? override.location, key: message.key,
          path: path + ".translations.\(locale)", locale: locale)
      }
    }
  }

  /// Why a condition expression can never be true, or `nil`: two `equals` on one attribute
  /// with different values in an `and` (or a list), or a value of the wrong type for the
  /// attribute.
  func contradiction(in conditions: MessagevisorValue?) -> String? {
    guard let conditions else { return nil }
    var all: [[String: MessagevisorValue]] = []
    func gather(_ value: MessagevisorValue, depth: Int) {
      guard depth < ProjectLoader.maxConditionDepth else { return }
      if let (combinator, items) = ConditionExpression(value).combination {
        guard combinator == .list || combinator == .and else { return }
        for item in items { gather(item.value, depth: depth + 1) }
      } else if let object = value.objectValue, object["attribute"] != nil {
        all.append(object)
      }
    }
    gather(conditions, depth: 0)
    var equals: [String: MessagevisorValue] = [:]
    for predicate in all {
      guard let attribute = predicate["attribute"]?.stringValue,
        let op = predicate["operator"]?.stringValue, let value = predicate["value"]
      else { continue }
      if ["equals", "notEquals"].contains(op), let type = project.attributes[attribute]?.type,
        !Self.value(value, fits: type)
      {
        return
          "\(attribute) is of type \(type), so it never \(op == "equals" ? "equals" : "differs from") \(value) as written"
          + (op == "notEquals" ? " (the condition is always true)" : "")
      }
      guard op == "equals" else { continue }
      if let previous = equals[attribute], previous != value {
        return "\(attribute) cannot equal both \(previous) and \(value)"
      }
      equals[attribute] = value
    }
    return nil
  }
}
