import Foundation
import MessagevisorICU

/// ICU checks with the engine's parser and CLDR rules: `invalid_icu_syntax`,
/// `select_without_other`, `plural_categories`, `icu_skeleton_not_allowed`,
/// `missing_icu_format_style`.
extension LintRun {
  /// Runs every per-translation check family over each message in scope.
  /// Every per-message check of every message, on every core: the messages are checked in
  /// slices, each by a run of its own (its own memo tables), and the findings kept in message
  /// order.
  func checkTranslations() {
    let all = messages
    let size = max(64, all.count / (8 * ProcessInfo.processInfo.activeProcessorCount))
    let slices = stride(from: 0, to: all.count, by: size).map {
      all[$0..<min($0 + size, all.count)]
    }
    let project = project
    let options = options
    let found = ParallelMap.map(slices) { slice in
      let run = LintRun(project: project, options: options)
      for message in slice { run.checkMessage(message) }
      return run.findings
    }
    for slice in found { findings += slice }
  }

  /// Every per-message check (ICU, text, contract, untranslated) of `message`, which may differ
  /// from the project's copy (the previewer's editor checks the text being typed this way).
  func checkMessage(_ message: ProjectMessage) {
    let scalars = scalars(of: message)
    for scalar in scalars {
      if project.config.icuModule && project.config.lintIcu { checkICU(message, scalar) }
      checkInvisible(message, scalar)
      checkMaxGraphemes(message, scalar)
    }
    checkContract(message, scalars)
    checkUntranslated(message)
    checkWhitespace(message, scalars)
  }

  func checkICU(_ message: ProjectMessage, _ scalar: TranslationScalar) {
    // A text that parses as one literal (see `parse`) has nothing to check.
    guard !Self.isLiteral(scalar.text) else { return }
    let parsedMessage: ICUMessage
    switch parse(scalar.text) {
    case .success(let value): parsedMessage = value
    case .failure(let error):
      let position = "at offset \(error.offset)"
      if error.expected == "an 'other' branch", error.detail.contains("select argument") {
        report(
          "select_without_other",
          "\(error.detail) (\(position)); add `other {…}` for every value the select does not list",
          at: location(of: scalar, utf16Offset: error.offset), key: message.key, path: scalar.path,
          locale: scalar.locale)
      } else if error.expected == "an 'other' branch" {
        report(
          "plural_categories",
          "\(error.detail) (\(position)); add `other {…}`, the branch CLDR falls back to",
          at: location(of: scalar, utf16Offset: error.offset), key: message.key, path: scalar.path,
          locale: scalar.locale,
          level: .error)
      } else {
        report(
          "invalid_icu_syntax", "invalid ICU MessageFormat: \(error.description)",
          at: location(of: scalar, utf16Offset: error.offset), key: message.key,
          path: scalar.path, locale: scalar.locale)
      }
      return
    }
    // The nodes are gathered first: a closure that captured `message` would copy it per node.
    var checked: [ICUNode] = []
    walk(parsedMessage.nodes) { node in
      switch node {
      case .plural, .number, .date, .time: checked.append(node)
      default: break
      }
    }
    for node in checked {
      switch node {
      case .plural(let name, let plural):
        checkPlural(name, plural, message, scalar)
      case .number(let name, let style):
        if case .skeleton = style { skeleton(name, "number", message, scalar) }
        if case .named(let preset) = style, !["integer", "percent", "currency"].contains(preset) {
          checkPreset(preset, family: "number", argument: name, message, scalar)
        }
      case .date(let name, let style), .time(let name, let style):
        let family: String
        if case .date = node { family = "date" } else { family = "time" }
        if case .skeleton = style { skeleton(name, family, message, scalar) }
        if case .named(let preset) = style, !["short", "medium", "long", "full"].contains(preset) {
          checkPreset(preset, family: family, argument: name, message, scalar)
        }
      default: break
      }
    }
  }

  /// Calls `visit` for every node, branches included.
  func walk(_ nodes: [ICUNode], _ visit: (ICUNode) -> Void) {
    for node in nodes {
      visit(node)
      switch node {
      case .plural(_, let plural):
        for exact in plural.exact { walk(exact.nodes, visit) }
        for key in plural.categories.keys.sorted() { walk(plural.categories[key] ?? [], visit) }
        walk(plural.other, visit)
      case .select(_, let select):
        for key in select.branches.keys.sorted() { walk(select.branches[key] ?? [], visit) }
        walk(select.other, visit)
      default: break
      }
    }
  }

  func checkPlural(
    _ name: String, _ plural: ICUPlural, _ message: ProjectMessage, _ scalar: TranslationScalar
  ) {
    let coverage = pluralCoverage(scalar.locale, ordinal: plural.ordinal)
    let order = ["zero", "one", "two", "few", "many", "other"]
    let exact = plural.exact.map(\.value)
    let missing = order.filter { category in
      coverage.categories.contains(category) && category != "other"
        && plural.categories[category] == nil && !coverage.exactValuesCover(category, exact)
    }
    let extra = order.filter { plural.categories[$0] != nil && !coverage.categories.contains($0) }
    guard !missing.isEmpty || !extra.isEmpty else { return }
    let kind = plural.ordinal ? "selectordinal" : "plural"
    let needed = order.filter { coverage.categories.contains($0) }.joined(separator: ", ")
    if !missing.isEmpty {
      report(
        "plural_categories",
        "\(kind) \"\(name)\" lacks \(missing.joined(separator: ", ")), which \(scalar.locale)'s CLDR rules select (\(needed)); add \(missing.map { "`\($0) {…}`" }.joined(separator: " "))",
        at: scalar.location, key: message.key, path: scalar.path, locale: scalar.locale)
    }
    if !extra.isEmpty {
      report(
        "plural_categories",
        "\(kind) \"\(name)\" has \(extra.joined(separator: ", ")), which \(scalar.locale)'s CLDR rules never select (\(needed)); remove \(extra.count == 1 ? "it" : "them") or use =N for an exact number",
        at: scalar.location, key: message.key, path: scalar.path, locale: scalar.locale)
    }
  }

  /// The categories `locale` selects (memoized per locale and kind).
  func pluralCoverage(_ locale: String, ordinal: Bool) -> PluralCoverage {
    let key = (ordinal ? "o:" : "c:") + locale
    if let known = coverages[key] { return known }
    let coverage = PluralCoverage(locale: locale, ordinal: ordinal)
    coverages[key] = coverage
    return coverage
  }

  func skeleton(
    _ name: String, _ family: String, _ message: ProjectMessage, _ scalar: TranslationScalar
  ) {
    guard !project.config.icuSkeleton else { return }
    report(
      "icu_skeleton_not_allowed",
      "{\(name), \(family), ::…} uses an inline skeleton; define a named \(family) preset in the locale's formats and use {\(name), \(family), <preset>} (or set icuSkeleton: true)",
      at: scalar.location, key: message.key, path: scalar.path, locale: scalar.locale)
  }

  func checkPreset(
    _ preset: String, family: String, argument: String, _ message: ProjectMessage,
    _ scalar: TranslationScalar
  ) {
    let chain = (try? LocaleChain.formats(for: scalar.locale, in: project)) ?? [scalar.locale]
    for locale in chain {
      if project.locales[locale]?.formats[family]?[preset] != nil { return }
      if project.targets.values.contains(where: { $0.formats[locale]?[family]?[preset] != nil }) {
        return
      }
    }
    report(
      "missing_icu_format_style",
      "{\(argument), \(family), \(preset)}: no locale in \(scalar.locale)'s inheritFormatsFrom chain (\(chain.joined(separator: " → "))) defines the \(family) preset \"\(preset)\"; add formats.\(family).\(preset) to locales/\(chain.last ?? scalar.locale)",
      at: scalar.location, key: message.key, path: scalar.path, locale: scalar.locale)
  }
}
