import Foundation

/// Lints a project: loads it collecting every problem (not only the first), then runs each check
/// family (`LintRun+*.swift`) over the loaded model. A library: it returns findings, it never
/// prints.
public struct ProjectLinter: Sendable {
  /// What to check.
  public var options: LintOptions

  /// Creates a linter.
  public init(options: LintOptions = LintOptions()) {
    self.options = options
  }

  /// Lints the project at `path` (every set unless ``LintOptions/set`` names one). `config`
  /// replaces the config file when given. A run that ``LintOptions/isCancelled`` stops returns
  /// ``LintReport/cancelled``.
  public func lint(path: String, config: ProjectConfig? = nil) -> LintReport {
    var findings: [LintFinding] = []
    let resolved: ProjectConfig
    do throws(ProjectError) {
      if let config {
        resolved = config
      } else {
        resolved = try ProjectConfig.load(directory: path)
      }
    } catch {
      findings.append(Self.finding(from: error, config: nil))
      return LintReport(findings: findings)
    }
    var sets: [String?] = [options.set]
    if resolved.sets, options.set == nil {
      let names = ProjectConfig.setNames(projectDirectory: path)
      if !names.isEmpty { sets = names }
    }
    for set in sets {
      let (project, problems) = ProjectLoader().loadCollectingProblems(
        path: path, set: set, config: resolved)
      findings += problems.map { Self.finding(from: $0, config: resolved) }
      if let project {
        let run = LintRun(project: project, options: options)
        guard run.runAll() else { return .cancelled }
        findings += run.takeFindings()
        Self.releaseInBackground(run)
      }
    }
    findings += options.screenErrors.map { error in
      var coded = error
      coded.code = "invalid_screen"
      return Self.finding(from: coded, config: resolved)
    }
    return LintReport(findings: filtered(findings, config: resolved))
  }

  /// Lints an already loaded project (no loading problems; for tests and the previewer). A run
  /// that ``LintOptions/isCancelled`` stops returns ``LintReport/cancelled``.
  public func lint(project: Project) -> LintReport {
    let run = LintRun(project: project, options: options)
    guard run.runAll() else { return .cancelled }
    return LintReport(findings: filtered(run.takeFindings(), config: project.config))
  }

  /// Runs the per-message checks (ICU, plural categories, contract, `untranslated`,
  /// `whitespace_mismatch`, `invisible_characters`, `fit`, review state) on `message` as given —
  /// for example with a translation being typed substituted — against the rest of `project`.
  /// Findings about other messages and project-wide checks are not produced.
  public func lint(message: ProjectMessage, in project: Project) -> LintReport {
    let run = LintRun(project: project, options: options)
    run.checkMessage(message)
    return LintReport(findings: filtered(run.findings, config: project.config))
  }

  /// Applies config severities, ignored keys, `--only`/`--skip`, `--locale` and the threshold,
  /// and sorts.
  ///
  /// Works in `findings`' own storage (a big project has tens of thousands of findings: no
  /// second list, no set of them): kept findings move to the front, are sorted (a stable sort),
  /// and of findings with the same file, line, column, code and message (adjacent then) the
  /// first one found is kept.
  func filtered(_ findings: consuming [LintFinding], config: ProjectConfig) -> [LintFinding] {
    var result = findings
    var kept = 0
    for index in result.indices {
      var finding = result[index]
      if let configured = config.lint.severities[finding.code] {
        guard let level = configured else { continue }
        finding.level = level
      }
      if !options.only.isEmpty, !options.only.contains(finding.code) { continue }
      if options.skip.contains(finding.code) { continue }
      if let locale = options.locale, let other = finding.locale, other != locale { continue }
      if finding.level < options.threshold { continue }
      if finding.entityType == "message", config.lint.ignoreKeys.matchesAny(finding.entityKey) {
        continue
      }
      result[kept] = finding
      kept += 1
    }
    result.removeLast(result.count - kept)
    result.sort { a, b in
      if a.filePath != b.filePath { return a.filePath < b.filePath }
      if a.line != b.line { return a.line < b.line }
      if a.column != b.column { return a.column < b.column }
      if a.code != b.code { return a.code < b.code }
      return a.message < b.message
    }
    var distinct = 0
    for index in result.indices {
      if distinct > 0, Self.isSame(result[distinct - 1], result[index]) { continue }
      if distinct != index { result[distinct] = result[index] }
      distinct += 1
    }
    result.removeLast(result.count - distinct)
    return result
  }

  /// Whether two findings are the same one (the second is dropped): same file, line, column,
  /// code and message.
  static func isSame(_ a: LintFinding, _ b: LintFinding) -> Bool {
    a.line == b.line && a.column == b.column && a.code == b.code && a.filePath == b.filePath
      && a.message == b.message
  }

  /// Lets `run` (and the project it loaded, the last reference to it) go on another thread:
  /// freeing 800,000 translations takes a while the caller need not wait for.
  static func releaseInBackground(_ run: LintRun) {
    let box = Unchecked(run: run)
    DispatchQueue.global(qos: .utility).async { withExtendedLifetime(box) {} }
  }

  /// A run handed to the thread that frees it (nothing else uses it any more).
  private struct Unchecked: @unchecked Sendable {
    let run: LintRun
  }

  /// A loading problem as a finding (code from the loader, entity from the file's directory).
  public static func finding(from error: ProjectError, config: ProjectConfig?) -> LintFinding {
    let (type, key) = entity(of: error.file, config: config)
    return LintFinding(
      level: LintRule.rule(error.code ?? "")?.level ?? .error, filePath: error.file,
      entityType: type, entityKey: key, message: error.message, path: "",
      code: error.code ?? "invalid_entity", line: error.line, column: error.column)
  }

  /// The entity type and key of a project file (`messages/auth/signin.yml` → message
  /// `auth.signin`).
  static func entity(of file: String, config: ProjectConfig?) -> (type: String, key: String) {
    var parts = file.split(separator: "/").map(String.init)
    if parts.first == "sets", parts.count > 2 { parts.removeFirst(2) }
    guard parts.count >= 2 else { return ("config", file) }
    let types = [
      "attributes": "attribute", "locales": "locale", "messages": "message",
      "segments": "segment", "targets": "target", "tests": "test", "previews": "screen",
    ]
    guard let type = types[parts[0]] else { return ("config", file) }
    var stem = parts.dropFirst().joined(separator: "/")
    for suffix in [".spec.yml", ".spec.yaml", ".spec.json", ".yml", ".yaml", ".json"]
    where stem.hasSuffix(suffix) {
      stem = String(stem.dropLast(suffix.count))
      break
    }
    if type != "test" {
      stem = stem.replacingOccurrences(of: "/", with: config?.namespaceCharacter ?? ".")
    }
    return (type, stem)
  }
}
