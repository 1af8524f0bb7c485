import Foundation
import MessagevisorICU

/// One lint pass over a loaded project: shared lookups (targets, built locales, parsed ICU
/// messages) and the findings. The check families are its extensions (`LintRun+ICU.swift`, …).
final class LintRun {
  let project: Project
  let options: LintOptions
  var findings: [LintFinding] = []

  /// The targets in scope (`--target`, else every target), by key.
  let targets: [ProjectTarget]
  /// The locales some target in scope builds.
  let builtLocales: Set<String>
  /// Translation chains by locale (`[locale, parent, …]`; cycles give `[locale]`).
  var chains: [String: [String]] = [:]
  /// Parsed ICU messages by text.
  var parsed: [ExactText: Result<ICUMessage, ICUParseError>] = [:]
  /// Source files' lines by path (read when a finding needs a column inside a scalar).
  var fileLines: [String: [Substring]] = [:]
  /// Plural coverage by `c:`/`o:` + locale.
  var coverages: [String: PluralCoverage] = [:]

  init(project: Project, options: LintOptions) {
    self.project = project
    self.options = options
    let all = project.targets.keys.sorted().compactMap { project.targets[$0] }
    targets = options.target.map { key in all.filter { $0.key == key } } ?? all
    var built = Set<String>()
    for target in targets { built.formUnion(target.locales ?? Array(project.locales.keys)) }
    builtLocales = built
    for key in project.locales.keys {
      chains[key] = (try? LocaleChain.translations(for: key, in: project)) ?? [key]
    }
  }

  /// Runs every check family.
  func runAll() {
    checkReferences()
    checkTranslations()
    checkUsage()
    checkScreens()
  }

  /// The messages lint looks at: not archived, included by a target in scope (every message
  /// when the project has no targets), sorted by key.
  lazy var messages: [ProjectMessage] = project.messages.keys.sorted().compactMap { key in
    guard let message = project.messages[key], !message.archived else { return nil }
    return message
  }

  /// Whether `target` includes `key`.
  func includes(_ target: ProjectTarget, _ key: String) -> Bool {
    target.includesMessage(key)
  }

  /// Whether `text` is one ICU literal as written: without braces, apostrophes or tags (most
  /// copy), so that it needs no parse.
  static func isLiteral(_ text: String) -> Bool {
    !text.utf8.contains { $0 == 0x7B || $0 == 0x7D || $0 == 0x27 || $0 == 0x3C }
  }

  /// The ICU parse of `text` (memoized).
  func parse(_ text: String) -> Result<ICUMessage, ICUParseError> {
    if Self.isLiteral(text) {
      return .success(ICUMessage(nodes: text.isEmpty ? [] : [.literal(text)]))
    }
    if let known = parsed[ExactText(text)] { return known }
    let result: Result<ICUMessage, ICUParseError>
    do { result = .success(try ICUParser.parse(text)) } catch { result = .failure(error) }
    parsed[ExactText(text)] = result
    return result
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
        entityKey: key, message: message, path: path, code: code, line: location.line,
        column: location.column, locale: locale))
  }

  /// Every translation scalar of `message`: base ones, then each override's, with the path and
  /// position of each.
  func scalars(of message: ProjectMessage) -> [TranslationScalar] {
    var result: [TranslationScalar] = []
    for locale in message.translations.keys.sorted() {
      guard let text = message.translations[locale] else { continue }
      result.append(
        TranslationScalar(
          locale: locale, text: text, path: "translations.\(locale)", override: nil,
          location: message.translationLocations[locale] ?? message.location))
    }
    for (index, override) in message.overrides.enumerated() {
      for locale in override.translations.keys.sorted() {
        guard let text = override.translations[locale] else { continue }
        result.append(
          TranslationScalar(
            locale: locale, text: text, path: "overrides[\(index)].translations.\(locale)",
            override: index, location: override.translationLocations[locale] ?? override.location))
      }
    }
    return result
  }
}
