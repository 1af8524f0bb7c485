import Foundation
import MessagevisorICU
import MessagevisorLocking

/// One lint pass over a loaded project: shared lookups (targets, built locales, locale chains,
/// plural coverage) and the findings. The check families are its extensions
/// (`LintRun+ICU.swift`, …). The per-message checks run on every core, each slice of messages by
/// a run of its own made with ``init(sharing:)``.
final class LintRun {
  let project: Project
  let options: LintOptions
  var findings: [LintFinding] = []

  /// The targets in scope (`--target`, else every target), by key.
  let targets: [ProjectTarget]
  /// The locales some target in scope builds.
  let builtLocales: Set<String>
  /// Translation chains by locale (`[locale, parent, …]`; cycles give `[locale]`).
  let chains: [String: [String]]
  /// The configured source locale, when the project has it.
  let sourceLocale: String?
  /// Whether the ICU checks run (the ICU module is on and `lintIcu` is not off).
  let checksICU: Bool
  /// Plural coverage shared by the runs of one lint (made once per locale and kind).
  let sharedCoverages: Locked<[PluralFacts.Key: PluralFacts]>
  /// The finding messages and paths this run has reported (`translations.nl`, …), so that
  /// findings with the same text share one `String` (a big project has tens of thousands of
  /// findings, most of them saying the same thing of another message).
  var findingTexts: [ExactText: String] = [:]
  /// Parsed ICU messages by text (for the checks that start from a text, not a scalar).
  var parsed: [ExactText: Result<ICUMessage, ICUParseError>] = [:]
  /// Source files' lines by path (read when a finding needs a column inside a scalar).
  var fileLines: [String: [Substring]] = [:]
  /// This run's copy of the plural coverage it used, by locale and kind.
  var coverages: [PluralFacts.Key: PluralFacts] = [:]
  /// The sorted locales the targets that include a message build, by the set of those targets
  /// (a bit per target in ``targets``).
  var builtLocalesByTargets: [UInt64: [String]] = [:]
  /// The last locale list ``scalars(of:)`` sorted, and its order (messages nearly all list the
  /// same locales in the same order).
  var lastLocaleOrder: (keys: [String], order: [Int]) = ([], [])

  init(project: Project, options: LintOptions) {
    self.project = project
    self.options = options
    let all = project.targets.keys.sorted().compactMap { project.targets[$0] }
    targets = options.target.map { key in all.filter { $0.key == key } } ?? all
    var built = Set<String>()
    for target in targets { built.formUnion(target.locales ?? Array(project.locales.keys)) }
    builtLocales = built
    var chains: [String: [String]] = [:]
    for key in project.locales.keys {
      chains[key] = (try? LocaleChain.translations(for: key, in: project)) ?? [key]
    }
    self.chains = chains
    if let source = project.config.sourceLocale, project.locales[source] != nil {
      sourceLocale = source
    } else {
      sourceLocale = nil
    }
    checksICU = project.config.icuModule && project.config.lintIcu
    sharedCoverages = Locked([:])
  }

  /// A run for a slice of the messages that shares `parent`'s lookups (and its plural coverage)
  /// but keeps findings and memo tables of its own.
  init(sharing parent: LintRun) {
    project = parent.project
    options = parent.options
    targets = parent.targets
    builtLocales = parent.builtLocales
    chains = parent.chains
    sourceLocale = parent.sourceLocale
    checksICU = parent.checksICU
    sharedCoverages = parent.sharedCoverages
  }

  /// Runs every check family; `false` when the run was cancelled (``LintOptions/isCancelled``)
  /// before it finished, and its findings are then incomplete.
  func runAll() -> Bool {
    // The per-message checks run in slices on every core; the project-wide families run beside
    // them as one more piece of work (the findings are sorted afterwards, so their order here
    // does not matter).
    let wholeProject: @Sendable (LintRun) -> Void = { run in
      run.checkReferences()
      run.checkUsage()
      run.checkScreens()
    }
    return checkTranslations(alongside: wholeProject)
  }

  /// Whether the caller asked this run to stop.
  var isCancelled: Bool { options.isCancelled?() ?? false }

  /// The messages lint looks at: not archived, included by a target in scope (every message
  /// when the project has no targets), sorted by key.
  lazy var messages = LintMessageList(project.messages) { !$0.archived }

  /// Whether `target` includes `key`.
  func includes(_ target: ProjectTarget, _ key: String) -> Bool {
    target.includesMessage(key)
  }

  /// Whether `text` is one ICU literal as written: without braces, apostrophes or tags (most
  /// copy; the bytes `TextShape` flags as syntax), so that it needs no parse.
  static func isLiteral(_ text: String) -> Bool {
    TextShape(text).isLiteral
  }

  /// The ICU parse of `text`, literal or not.
  static func parseUncached(_ text: String) -> Result<ICUMessage, ICUParseError> {
    if isLiteral(text) {
      return .success(ICUMessage(nodes: text.isEmpty ? [] : [.literal(text)]))
    }
    do { return .success(try ICUParser.parse(text)) } catch { return .failure(error) }
  }

  /// The ICU parse of `text` (memoized).
  func parse(_ text: String) -> Result<ICUMessage, ICUParseError> {
    if Self.isLiteral(text) { return Self.parseUncached(text) }
    if let known = parsed[ExactText(text)] { return known }
    let result = Self.parseUncached(text)
    parsed[ExactText(text)] = result
    return result
  }

  /// The ICU parse of `scalar`'s text: made once per scalar (``TranslationScalar/parsed``).
  func parse(_ scalar: inout TranslationScalar) -> Result<ICUMessage, ICUParseError> {
    if let known = scalar.parsed { return known }
    let result = Self.parseUncached(scalar.text)
    scalar.parsed = result
    return result
  }

  /// The findings, handed over: the run keeps none (so the caller's list is not a copy).
  func takeFindings() -> [LintFinding] {
    defer { findings = [] }
    return findings
  }

  /// Records a finding at the rule's default level.
  func report(
    _ code: String, _ message: String, at location: SourceLocation, entityType: String = "message",
    key: String, path: String, locale: String? = nil, level: LintLevel? = nil
  ) {
    guard let rule = LintRule.rule(code) else { return }
    let ignored =
      entityType == "message" && (project.messages[key]?.lintIgnore.contains(code) ?? false)
    if ignored { return }
    findings.append(
      LintFinding(
        level: level ?? rule.level, filePath: location.file, entityType: entityType,
        entityKey: key, message: shared(message), path: shared(path), code: code,
        line: location.line, column: location.column, locale: locale))
  }

  /// The `String` this run already reported with `text`'s bytes, else `text` (kept for next
  /// time).
  func shared(_ text: String) -> String {
    if let known = findingTexts[ExactText(text)] { return known }
    findingTexts[ExactText(text)] = text
    return text
  }

  /// Every translation scalar of `message`: base ones, then each override's, each group sorted
  /// by locale, with the position of each.
  func scalars(of message: ProjectMessage) -> [TranslationScalar] {
    var result: [TranslationScalar] = []
    result.reserveCapacity(
      message.overrides.reduce(message.translations.count) { $0 + $1.translations.count })
    append(message.translations, message.translationLocations, message.location, nil, to: &result)
    for (index, override) in message.overrides.enumerated() {
      append(
        override.translations, override.translationLocations, override.location, index,
        to: &result)
    }
    return result
  }

  /// Appends the scalars of one `translations` table, sorted by locale.
  private func append(
    _ translations: LocaleTable<String>, _ locations: LocaleTable<SourceLocation>,
    _ fallback: SourceLocation, _ override: Int?, to result: inout [TranslationScalar]
  ) {
    let keys = translations.keys
    let texts = translations.values
    // Locations nearly always list the same codes (the same shared array: compared at once).
    let sameCodes = locations.keys == keys
    let located = locations.values
    for position in sortedOrder(keys) {
      let locale = keys[position]
      let location = sameCodes ? located[position] : locations[locale] ?? fallback
      result.append(
        TranslationScalar(
          locale: locale, text: texts[position], override: override, location: location))
    }
  }

  /// The positions of `keys` in sorted order (the last list's order is kept: most messages list
  /// the same locales in the same order, one shared array, compared at once).
  func sortedOrder(_ keys: [String]) -> [Int] {
    if keys == lastLocaleOrder.keys { return lastLocaleOrder.order }
    let order = keys.indices.sorted { keys[$0] < keys[$1] }
    lastLocaleOrder = (keys, order)
    return order
  }
}
