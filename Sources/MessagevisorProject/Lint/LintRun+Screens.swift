/// Screen checks: `unknown_key`, the width-budget half of `fit`, `deprecated_in_use`.
extension LintRun {
  func checkScreens() {
    let target = options.screenTarget.flatMap { project.targets[$0] }
    for screen in options.screens {
      for binding in screen.bindings {
        let at = SourceLocation(file: screen.file, line: binding.line, column: binding.column)
        let message = project.messages[binding.key]
        let included =
          message.map { !$0.archived && (target.map { includes($0, binding.key) } ?? true) }
          ?? false
        if !included {
          if !binding.optional {
            report(
              "unknown_key",
              "screen \"\(screen.name)\" shows \"\(binding.key)\", which target \"\(target?.key ?? "?")\" does not include; fix the key, add the message, or mark the block optional: true",
              at: at, entityType: "screen", key: screen.name, path: binding.key)
          }
          continue
        }
        guard let message else { continue }
        if message.deprecated, !message.lintIgnore.contains("deprecated_in_use") {
          report(
            "deprecated_in_use",
            "screen \"\(screen.name)\" shows the deprecated message \"\(binding.key)\"\(message.deprecationWarning.map { " (\($0))" } ?? ""); show its replacement",
            at: at, entityType: "screen", key: screen.name, path: binding.key)
        }
        if let width = binding.width, width > 0, let target {
          checkBudget(message, width: width, target: target, at: at, screen: screen.name)
        }
      }
    }
    for spec in project.tests where spec.kind == .message {
      guard let message = project.messages[spec.subject], message.deprecated, !message.archived,
        !message.lintIgnore.contains("deprecated_in_use")
      else { continue }
      report(
        "deprecated_in_use",
        "the test spec still tests the deprecated message \"\(spec.subject)\"; test its replacement, or remove the spec with the message",
        at: spec.location, entityType: "test", key: spec.key, path: "message")
    }
  }

  /// Every locale `target` builds (and the pseudo-locale) against a block's width budget.
  func checkBudget(
    _ message: ProjectMessage, width: Int, target: ProjectTarget, at: SourceLocation,
    screen: String
  ) {
    var texts: [(locale: String, text: String, location: SourceLocation)] = []
    for locale in (target.locales ?? Array(project.locales.keys)).sorted() {
      let chain = chains[locale] ?? [locale]
      guard let from = chain.first(where: { message.translations[$0] != nil }),
        let text = message.translations[from]
      else { continue }
      texts.append((locale, text, message.translationLocations[from] ?? message.location))
    }
    if let pseudo = options.pseudoLocalize, let source = sourceLocale,
      let text = message.translations[source]
    {
      texts.append(("pseudo", pseudo(text), message.translationLocations[source] ?? at))
    }
    for item in texts {
      let measured = options.measure(literalText(item.text))
      guard measured > width else { continue }
      report(
        "fit",
        "\(measured) columns in \(item.locale) where screen \"\(screen)\" (\(at)) allows \(width); shorten the text or widen the block",
        at: item.location, key: message.key, path: "translations.\(item.locale)",
        locale: item.locale)
    }
  }
}
