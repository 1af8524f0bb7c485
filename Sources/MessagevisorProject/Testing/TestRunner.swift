import Foundation
import Messagevisor
import TerminalSafety

/// Runs a project's test specs (spec §5.3) through the Swift engine, building datafiles natively.
public final class TestRunner: @unchecked Sendable {
  /// The project under test.
  public let project: Project
  /// Run options.
  public let options: TestRunOptions
  let builder: DatafileBuilder
  let lock = NSLock()
  var datafiles: [String: (value: MessagevisorValue, content: DatafileContent)] = [:]
  var sourceSegments: [String: Segment]? = nil

  /// Creates a runner.
  public init(project: Project, options: TestRunOptions) {
    self.project = project
    self.options = options
    self.builder = DatafileBuilder(
      project: project, evaluatePredicate: EngineBridge.evaluatePredicate)
  }

  /// Whether the ICU module is installed.
  public var usesICU: Bool { options.withICUModule ?? project.config.icuModule }
  /// Whether the interpolation module is installed.
  public var usesInterpolation: Bool {
    options.withInterpolationModule ?? project.config.interpolationModule
  }

  /// Runs all specs (filtered by `keyPattern`).
  public func run() throws(ProjectError) -> TestRunSummary {
    try run(progress: { _, _ in })
  }

  /// Runs all specs (filtered by `keyPattern`), calling `progress` with the number of specs done
  /// and the total before each spec (a command shows it on a terminal).
  public func run(progress: (_ done: Int, _ total: Int) -> Void) throws(ProjectError)
    -> TestRunSummary
  {
    let keyRegex = try regex(options.keyPattern, flag: "keyPattern")
    let assertionRegex = try regex(options.assertionPattern, flag: "assertionPattern")
    var specs: [SpecResult] = []
    for (done, spec) in project.tests.enumerated() {
      progress(done, project.tests.count)
      if let keyRegex, !Self.matches(keyRegex, spec.subject), !Self.matches(keyRegex, spec.key) {
        continue
      }
      var result = SpecResult(
        file: spec.file, kind: spec.kind, subject: spec.subject, assertions: [])
      for (index, assertion) in spec.assertions.enumerated() {
        let expanded = MatrixExpansion.expand(assertion)
        for item in expanded {
          var id = "\(spec.file)#\(index + 1)"
          if let combination = item.combination { id += ".\(combination + 1)" }
          var outcome = runAssertion(spec, item.node)
          outcome.id = id
          if let combination = item.combination {
            outcome.description =
              "Assertion #\(index + 1), matrix #\(combination + 1): \(outcome.description)"
          }
          if let assertionRegex, !Self.matches(assertionRegex, outcome.description) { continue }
          result.assertions.append(outcome)
        }
      }
      if !result.assertions.isEmpty || assertionRegex == nil { specs.append(result) }
    }
    return TestRunSummary(specs: specs)
  }

  func regex(_ pattern: String?, flag: String) throws(ProjectError) -> NSRegularExpression? {
    guard let pattern else { return nil }
    do {
      return try NSRegularExpression(pattern: pattern)
    } catch {
      throw ProjectError(file: "--\(flag)", message: "invalid regular expression \"\(pattern)\"")
    }
  }

  static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
    regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }

  // MARK: Assertions

  /// Runs one assertion (`node`) of `spec` and reports what it expected and got.
  public func runAssertion(_ spec: ProjectTestSpec, _ node: YAMLNode) -> AssertionResult {
    var result = AssertionResult(
      id: "", description: node["description"]?.string ?? "", passed: false, expected: nil,
      expectedSource: nil, actual: nil, problems: [])
    do {
      switch spec.kind {
      case .message: try runMessage(spec, node, &result)
      case .segment: try runSegment(spec, node, &result)
      case .target: try runTarget(spec, node, &result)
      case .locale: try runLocale(spec, node, &result)
      }
    } catch let error as ProjectError {
      result.problems.append(error.description)
    } catch {
      result.problems.append("\(error)")
    }
    result.passed = result.problems.isEmpty
    return result
  }

  func runMessage(_ spec: ProjectTestSpec, _ node: YAMLNode, _ result: inout AssertionResult)
    throws
  {
    let locale = try requiredString(node, "locale", spec)
    let target = node["target"]?.string ?? options.target
    if result.description.isEmpty { result.description = "\(target)/\(locale): \(spec.subject)" }
    let datafile = try datafile(target: target, locale: locale).content
    let flags = node["withFlags"]?.value.objectValue ?? [:]
    let variations = node["withVariations"]?.value.objectValue ?? [:]
    let diagnostics = DiagnosticLog()
    let instance = createMessagevisor(
      MessagevisorOptions(
        datafile: datafile, locale: locale, timeZone: options.defaultTimeZone,
        context: context(node),
        resolveFlag: { feature, _ in flags[feature] == .bool(true) },
        resolveVariation: { experiment, _ in variations[experiment]?.stringValue },
        onDiagnostic: diagnostics.record, logLevel: .warn, modules: modules()))
    let actual: String
    do {
      actual = try instance.translate(
        spec.subject, values: values(node),
        options: TranslateOptions(
          currency: node["currency"]?.string, timeZone: node["timeZone"]?.string,
          formats: try formats(node["formats"], spec)))
    } catch {
      result.problems.append("translate threw: \(error)" + diagnostics.summary)
      return
    }
    compare(node, actual: actual, &result, diagnostics: diagnostics)
  }

  func runSegment(_ spec: ProjectTestSpec, _ node: YAMLNode, _ result: inout AssertionResult)
    throws
  {
    let key = node["segment"]?.string ?? spec.subject
    let context = context(node)
    if result.description.isEmpty {
      result.description = "\(key) with \(JSONText.encode(.object(context)))"
    }
    guard let expected = node["expectedToMatch"]?.scalar?.boolValue else {
      throw ProjectError(
        file: spec.file, line: node.line, message: "segment assertion needs expectedToMatch")
    }
    guard project.segments[key] != nil else {
      throw ProjectError(file: spec.file, line: node.line, message: "unknown segment \"\(key)\"")
    }
    let matched = evaluateSegment(
      key, provider: MessagevisorEvaluationDataProvider(context: context, segments: segments()))
    result.expected = String(expected)
    result.actual = String(matched)
    if matched != expected { result.problems.append("expected match \(expected), got \(matched)") }
  }

  func runTarget(_ spec: ProjectTestSpec, _ node: YAMLNode, _ result: inout AssertionResult) throws
  {
    let locale = try requiredString(node, "locale", spec)
    if result.description.isEmpty {
      result.description = "\(spec.subject)/\(locale) [structure + evaluation]"
    }
    let built = try datafile(target: spec.subject, locale: locale)
    let included = built.value.objectValue?["translations"]?.objectValue ?? [:]
    for key in node["expectedToIncludeMessages"]?.value.arrayValue ?? [] {
      if let key = key.stringValue, included[key] == nil {
        result.problems.append("expected message \(key) to be included")
      }
    }
    for key in node["expectedToNotIncludeMessages"]?.value.arrayValue ?? [] {
      if let key = key.stringValue, included[key] != nil {
        result.problems.append("expected message \(key) to be excluded")
      }
    }
    if let expected = node["expectedFormats"] {
      if let problem = TestValues.subsetMatches(
        expected: expected.value, actual: built.value.objectValue?["formats"] ?? .object([:]),
        path: "formats")
      {
        result.problems.append(problem)
      }
    }
    try evaluate(spec, node, locale: locale, datafile: built.content, defaultFormats: [:], &result)
  }

  func runLocale(_ spec: ProjectTestSpec, _ node: YAMLNode, _ result: inout AssertionResult) throws
  {
    let locale = spec.subject
    let target = node["target"]?.string
    var resolved = try builder.localeFormats(locale: locale)
    if let target {
      if let overlay = try builder.target(target).formats[locale] {
        DatafileBuilder.overlay(&resolved, overlay)
      }
    }
    let hasEvaluation = node["rawMessage"] != nil || node["message"] != nil
    if result.description.isEmpty {
      result.description =
        "\(locale)\(target.map { "/\($0)" } ?? "") \(hasEvaluation ? "evaluation" : "formats")"
    }
    if let expected = node["expectedFormats"] {
      let actual = MessagevisorValue.object(resolved.mapValues { .object($0) })
      if let problem = TestValues.subsetMatches(
        expected: expected.value, actual: actual, path: "formats")
      {
        result.problems.append(problem)
      }
    }
    try evaluate(
      spec, node, locale: locale, datafile: nil,
      defaultFormats: [locale: Self.presets(resolved)], &result)
  }

  /// `rawMessage` → formatMessage, `message` → translate; compares with the expectation.
  func evaluate(
    _ spec: ProjectTestSpec, _ node: YAMLNode, locale: String, datafile: DatafileContent?,
    defaultFormats: [String: FormatPresets], _ result: inout AssertionResult
  ) throws {
    let raw = node["rawMessage"]?.string
    let message = node["message"]?.string
    guard raw != nil || message != nil else {
      if node["expectedTranslation"] != nil {
        result.problems.append("expectedTranslation needs rawMessage or message")
      }
      return
    }
    let diagnostics = DiagnosticLog()
    let instance = createMessagevisor(
      MessagevisorOptions(
        datafile: datafile, locale: locale, timeZone: options.defaultTimeZone,
        context: context(node), defaultFormats: defaultFormats,
        onDiagnostic: diagnostics.record, logLevel: .warn, modules: modules()))
    let formats = try formats(node["formats"], spec)
    let currency = node["currency"]?.string
    let timeZone = node["timeZone"]?.string
    let actual: String
    do {
      if let raw {
        actual = try instance.formatMessage(
          raw, values: values(node),
          options: EvaluationOptions(
            locale: locale, formats: formats, currency: currency, timeZone: timeZone))
      } else {
        actual = try instance.translate(
          message ?? "", values: values(node),
          options: TranslateOptions(currency: currency, timeZone: timeZone, formats: formats))
      }
    } catch {
      result.problems.append("evaluation threw: \(error)" + diagnostics.summary)
      return
    }
    compare(node, actual: actual, &result, diagnostics: diagnostics)
  }

  func compare(
    _ node: YAMLNode, actual: String, _ result: inout AssertionResult, diagnostics: DiagnosticLog
  ) {
    let expected = TestValues.expected(
      translation: node["expectedTranslation"]?.string,
      byRuntime: node["expectedByRuntime"]?.value.objectValue, runtimeKeys: options.runtimeKeys)
    result.actual = actual
    result.expected = expected.text
    result.expectedSource = expected.source
    guard let text = expected.text else {
      result.problems.append("missing expectedTranslation")
      return
    }
    let equal =
      options.normalizeSpaces
      ? TestValues.normalizeSpaces(text) == TestValues.normalizeSpaces(actual) : text == actual
    if !equal {
      result.problems.append(
        "expected \(SafeText.quotedShowingSpaces(text)) (\(expected.source)), got \(SafeText.quotedShowingSpaces(actual))"
          + diagnostics.summary)
      if TestValues.normalizeSpaces(text) == TestValues.normalizeSpaces(actual) {
        result.problems.append(
          "only the kinds of spaces differ (U+0020, U+00A0, U+202F); --normalizeSpaces treats them as the same"
        )
      }
    }
  }

  // MARK: Helpers

  func requiredString(_ node: YAMLNode, _ key: String, _ spec: ProjectTestSpec) throws -> String {
    guard let value = node[key]?.string else {
      throw ProjectError(
        file: spec.file, line: node.line, column: node.column, message: "assertion needs \"\(key)\""
      )
    }
    return value
  }

  func context(_ node: YAMLNode) -> MessagevisorContext {
    node["context"]?.value.objectValue ?? [:]
  }

  func values(_ node: YAMLNode) -> MessagevisorValues {
    MessagevisorValues(node["values"].map { TestValues.normalize($0.value) }?.objectValue ?? [:])
  }

  func formats(_ node: YAMLNode?, _ spec: ProjectTestSpec) throws -> FormatPresets? {
    guard let node else { return nil }
    guard let object = node.value.objectValue else {
      throw ProjectError(file: spec.file, line: node.line, message: "formats must be a mapping")
    }
    return Self.presets(object.compactMapValues { $0.objectValue })
  }

  /// The modules the project's config asks for (ICU, interpolation), new instances.
  public func modules() -> [MessagevisorModule] {
    ProjectModules.make(icu: usesICU, interpolation: usesInterpolation)
  }

  /// Builds (and caches) the datafile for a target × locale.
  public func datafile(target: String, locale: String) throws -> (
    value: MessagevisorValue, content: DatafileContent
  ) {
    let key = "\(target)\u{0}\(locale)"
    lock.lock()
    let cached = datafiles[key]
    lock.unlock()
    if let cached { return cached }
    let value = try builder.build(target: target, locale: locale)
    let content = try DatafileBuilder.content(of: value)
    lock.lock()
    datafiles[key] = (value, content)
    lock.unlock()
    return (value, content)
  }

  func segments() -> [String: Segment] {
    lock.lock()
    defer { lock.unlock() }
    if let sourceSegments { return sourceSegments }
    var result: [String: Segment] = [:]
    for (key, segment) in project.segments {
      result[key] = Segment(
        archived: segment.archived, conditions: EngineBridge.condition(segment.conditions))
    }
    sourceSegments = result
    return result
  }

  /// Converts `{family: {name: options}}` to engine presets.
  public static func presets(_ formats: [String: [String: MessagevisorValue]]) -> FormatPresets {
    func family(_ name: String) -> [String: FormatOptions]? {
      formats[name]?.compactMapValues { $0.objectValue }
    }
    return FormatPresets(
      number: family("number"), date: family("date"), time: family("time"),
      relative: family("relative"), dateTimeRange: family("dateTimeRange"))
  }
}

/// Collects diagnostics of one evaluation (for failure messages).
public final class DiagnosticLog: @unchecked Sendable {
  let lock = NSLock()
  var entries: [String] = []

  /// An empty log.
  public init() {}

  /// The handler to give the engine (`onDiagnostic`): records each diagnostic.
  public var record: MessagevisorDiagnosticHandler {
    { [self] diagnostic in
      lock.lock()
      entries.append("\(diagnostic.level) \(diagnostic.code): \(diagnostic.message)")
      lock.unlock()
    }
  }

  /// ` [diagnostics: …]` with the warnings and errors recorded, or empty.
  public var summary: String {
    lock.lock()
    defer { lock.unlock() }
    let relevant = entries.filter { !$0.hasPrefix("debug") && !$0.hasPrefix("info") }
    return relevant.isEmpty ? "" : " [diagnostics: \(relevant.joined(separator: "; "))]"
  }
}
