import Foundation
import MessagevisorICU

/// ICU checks with the engine's parser and CLDR rules: `invalid_icu_syntax`,
/// `select_without_other`, `plural_categories`, `icu_skeleton_not_allowed`,
/// `missing_icu_format_style`.
extension LintRun {
  /// Every per-message check of every message, on every core: the messages are checked in
  /// slices, each by a run of its own (its own findings and memo tables), and the findings kept
  /// in message order. `wholeProject` runs beside the slices on a run of its own. Returns
  /// `false` when the run was cancelled (``LintOptions/isCancelled``, asked before each
  /// message); nothing is added to ``findings`` then.
  func checkTranslations(alongside wholeProject: @escaping (LintRun) -> Void = { _ in }) -> Bool {
    let all = messages
    let size = max(64, all.count / (8 * ProcessInfo.processInfo.activeProcessorCount))
    // `nil` stands for `wholeProject`, first so that it starts at once.
    let work: [Range<Int>?] =
      [nil] + stride(from: 0, to: all.count, by: size).map { $0..<min($0 + size, all.count) }
    let found = ParallelMap.map(work) { range -> [LintFinding]? in
      let run = LintRun(sharing: self)
      run.messages = all
      guard let range else {
        wholeProject(run)
        return run.isCancelled ? nil : run.findings
      }
      for message in all[range] {
        if run.isCancelled { return nil }
        run.checkMessage(message)
      }
      return run.findings
    }
    var total = findings.count
    for slice in found {
      guard let slice else { return false }
      total += slice.count
    }
    findings.reserveCapacity(total)
    for slice in found { findings += slice ?? [] }
    return true
  }

  /// Every per-message check (ICU, text, contract, untranslated) of `message`, which may differ
  /// from the project's copy (the previewer's editor checks the text being typed this way).
  func checkMessage(_ message: ProjectMessage) {
    var scalars = scalars(of: message)
    if checksICU {
      // Each text is parsed once, for every check that reads its parse.
      for index in scalars.indices where !scalars[index].shape.isLiteral {
        _ = parse(&scalars[index])
      }
    }
    for scalar in scalars {
      if checksICU { checkICU(message, scalar) }
      checkInvisible(message, scalar)
      checkMaxGraphemes(message, scalar)
    }
    checkContract(message, scalars)
    checkUntranslated(message)
    checkWhitespace(message, scalars)
  }

  func checkICU(_ message: ProjectMessage, _ scalar: TranslationScalar) {
    // A text that parses as one literal (see `parse`) has nothing to check.
    guard !scalar.shape.isLiteral else { return }
    let parsedMessage: ICUMessage
    switch scalar.parsed ?? Self.parseUncached(scalar.text) {
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
    let facts = pluralFacts(scalar.locale, ordinal: plural.ordinal)
    let present = PluralFacts.mask(of: plural.categories.keys)
    var missing = facts.mask & ~present & ~PluralFacts.otherBit
    let extra = present & ~facts.mask
    if missing != 0, !plural.exact.isEmpty {
      let exact = plural.exact.map(\.value)
      for category in PluralFacts.names(missing)
      where facts.coverage.exactValuesCover(category, exact) {
        missing &= ~PluralFacts.mask(of: [category])
      }
    }
    guard missing != 0 || extra != 0 else { return }
    let kind = plural.ordinal ? "selectordinal" : "plural"
    let needed = PluralFacts.names(facts.mask).joined(separator: ", ")
    if missing != 0 {
      let names = PluralFacts.names(missing)
      report(
        "plural_categories",
        "\(kind) \"\(name)\" lacks \(names.joined(separator: ", ")), which \(scalar.locale)'s CLDR rules select (\(needed)); add \(names.map { "`\($0) {…}`" }.joined(separator: " "))",
        at: scalar.location, key: message.key, path: scalar.path, locale: scalar.locale)
    }
    if extra != 0 {
      let names = PluralFacts.names(extra)
      report(
        "plural_categories",
        "\(kind) \"\(name)\" has \(names.joined(separator: ", ")), which \(scalar.locale)'s CLDR rules never select (\(needed)); remove \(names.count == 1 ? "it" : "them") or use =N for an exact number",
        at: scalar.location, key: message.key, path: scalar.path, locale: scalar.locale)
    }
  }

  /// The categories `locale` selects (made once per locale and kind for the whole lint).
  func pluralFacts(_ locale: String, ordinal: Bool) -> PluralFacts {
    let key = PluralFacts.Key(locale: locale, ordinal: ordinal)
    if let known = coverages[key] { return known }
    let facts = sharedCoverages.withLock { shared in
      if let known = shared[key] { return known }
      let made = PluralFacts(key)
      shared[key] = made
      return made
    }
    coverages[key] = facts
    return facts
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
