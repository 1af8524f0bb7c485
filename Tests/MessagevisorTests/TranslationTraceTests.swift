import Foundation
import Messagevisor
import Testing

@Suite("Translation traces (traceTranslation)")
struct TranslationTraceTests {
  static let proPlan: Condition = .predicate(
    ConditionPredicate(attribute: "plan", operator: .equals, value: "pro"))

  static func datafile(_ locale: String = "en", suffix: String = "") -> DatafileContent {
    makeDatafile(
      locale: locale,
      translations: [
        "greeting": "Hello\(suffix)", "plain": "Plain\(suffix)", "banner": "Banner\(suffix)",
        "legacy": "Old\(suffix)",
      ],
      messages: [
        "greeting": DatafileMessage(overrides: [
          MessageOverride(key: "beta", segments: "beta-users", translation: "Hi tester\(suffix)"),
          MessageOverride(key: "pro", conditions: proPlan, translation: "Hello Pro\(suffix)"),
        ]),
        "banner": DatafileMessage(overrides: [
          MessageOverride(key: "beta", segments: "beta-users", translation: "Beta\(suffix)")
        ]),
        // Overrides only: nothing matches → the fallbacks.
        "promo": DatafileMessage(overrides: [
          MessageOverride(key: "pro", conditions: proPlan, translation: "Promo Pro\(suffix)")
        ]),
        "legacy": DatafileMessage(deprecated: true, deprecationWarning: "use greeting"),
      ],
      segments: [
        "beta-users": Segment(
          conditions: .predicate(
            ConditionPredicate(attribute: "beta", operator: .equals, value: true)))
      ])
  }

  /// One lookup case: the key, the context that decides it, the per-call default, and the source
  /// and text `translate` must come to.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var key: String
    var context: MessagevisorContext
    var defaultTranslation: String? = nil
    var source: TranslationTrace.Source
    var text: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "override match", key: "greeting", context: ["plan": "pro"],
      source: .override(key: "pro", index: 1), text: "Hello Pro"),
    Case(
      name: "segment-based override", key: "banner", context: ["beta": true],
      source: .override(key: "beta", index: 0), text: "Beta"),
    Case(
      name: "first of two matching overrides", key: "greeting",
      context: ["plan": "pro", "beta": true], source: .override(key: "beta", index: 0),
      text: "Hi tester"),
    Case(
      name: "base translation (no override matches)", key: "greeting", context: ["plan": "free"],
      source: .translation, text: "Hello"),
    Case(
      name: "base translation of a plain key", key: "plain", context: ["plan": "pro"],
      source: .translation, text: "Plain"),
    Case(
      name: "default translation", key: "promo", context: ["plan": "free"],
      source: .defaultTranslation, text: "Promo default"),
    Case(
      name: "per-call default", key: "unknown.key", context: ["plan": "free"],
      defaultTranslation: "Fallback text", source: .callDefault, text: "Fallback text"),
    Case(
      name: "missing key", key: "unknown.key", context: ["plan": "pro"], source: .key,
      text: "unknown.key"),
  ]

  static func engine(
    context: MessagevisorContext = [:], diagnostics: Collector<MessagevisorDiagnostic>? = nil
  ) -> Messagevisor {
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: datafile(), locale: "en", context: context,
        defaultTranslations: ["en": ["promo": "Promo default"]],
        onDiagnostic: { diagnostics?.append($0) }, logLevel: .debug))
    m.setDatafile(datafile("nl", suffix: " (nl)"))
    return m
  }

  /// Checks `instance` with the case's context either in the instance (`perCall == false`) or in
  /// the call.
  static func check(
    _ instance: MessagevisorInstance, _ item: Case, perCall: Bool, _ place: String
  ) throws {
    let options = TranslateOptions(
      context: perCall ? item.context : nil, defaultTranslation: item.defaultTranslation)
    let translated = try instance.translate(item.key, options: options)
    let trace = try instance.traceTranslation(item.key, options: options)
    #expect(trace.text == translated, "\(place)")
    #expect(trace.text == item.text, "\(place)")
    #expect(trace.source == item.source, "\(place)")
    #expect(trace.locale == "en", "\(place)")
    #expect(trace.key == item.key, "\(place)")
  }

  @Test(arguments: cases)
  func traceAgreesWithTranslateOnRootAndChildWithAndWithoutPerCallContext(_ item: Case) throws {
    // Root: the context in the instance, then in the call (instance context says otherwise).
    try Self.check(Self.engine(context: item.context), item, perCall: false, "root, instance")
    try Self.check(
      Self.engine(context: ["plan": "none", "beta": false]), item, perCall: true, "root, per call")
    // Child: the context spawned into the child, then per call on a child whose context differs.
    let root = Self.engine(context: ["plan": "none"])
    let child = root.spawn(context: item.context)
    try Self.check(child, item, perCall: false, "child, spawned context")
    let other = root.spawn(context: ["beta": false])
    try Self.check(other, item, perCall: true, "child, per call")
    // The root's own resolution is untouched by its children.
    #expect(try root.traceTranslation("greeting").source == .translation)
  }

  @Test func everyOverrideIsExplainedWithTheValuesItRead() throws {
    let m = Self.engine(context: ["plan": "pro", "beta": false])
    let trace = try m.traceTranslation("greeting")
    #expect(trace.source == .override(key: "pro", index: 1))
    try #require(trace.overrides.count == 2)
    let beta = trace.overrides[0]
    #expect(beta.key == "beta" && beta.index == 0 && beta.translation == "Hi tester")
    #expect(!beta.matched && !beta.chosen)
    #expect(beta.conditions == nil)
    let segments = try #require(beta.segments)
    #expect(segments.node == .segment("beta-users") && !segments.matched)
    #expect(segments.children.first?.actual == false)
    let pro = trace.overrides[1]
    #expect(pro.matched && pro.chosen && pro.segments == nil)
    #expect(pro.conditions?.matched == true)
    #expect(pro.conditions?.actual == "pro")
    #expect(trace.chosenOverride == pro)
  }

  @Test func overridesAreExplainedWhenNoneMatches() throws {
    let trace = try Self.engine(context: ["plan": "free"]).traceTranslation("promo")
    #expect(trace.source == .defaultTranslation)
    #expect(trace.overrides.map(\.matched) == [false])
    #expect(trace.overrides.first?.conditions?.actual == "free")
    #expect(trace.chosenOverride == nil)
  }

  @Test func perCallContextOverridesInstanceContextInTheExplanation() throws {
    let m = Self.engine(context: ["plan": "free"])
    let trace = try m.traceTranslation(
      "greeting", options: TranslateOptions(context: ["plan": "pro"]))
    #expect(trace.overrides[1].conditions?.actual == "pro")
    #expect(trace.source == .override(key: "pro", index: 1))
  }

  @Test func perCallLocaleIsTheLocaleTheTextCameFrom() throws {
    let m = Self.engine(context: ["plan": "pro"])
    let options = TranslateOptions(locale: "nl")
    let trace = try m.traceTranslation("greeting", options: options)
    #expect(trace.locale == "nl")
    #expect(trace.text == "Hello Pro (nl)")
    #expect(trace.text == (try m.translate("greeting", options: options)))
  }

  @Test func aLocaleWithoutDatafileIsMissingWithoutDatafile() throws {
    let m = Self.engine()
    let trace = try m.traceTranslation("greeting", options: TranslateOptions(locale: "fr"))
    #expect(trace.source == .key && trace.source.isMissing)
    #expect(!trace.hasDatafile)
    #expect(try m.traceTranslation("unknown").hasDatafile)
    // A default translation for a locale without datafile: found, still without datafile.
    let defaults = createMessagevisor(
      MessagevisorOptions(
        locale: "fr", defaultTranslations: ["fr": ["greeting": "Bonjour"]], logLevel: .fatal))
    let defaulted = try defaults.traceTranslation("greeting")
    #expect(defaulted.source == .defaultTranslation && defaulted.text == "Bonjour")
    #expect(!defaulted.hasDatafile)
    #expect(defaulted.text == (try defaults.translate("greeting")))
  }

  @Test func deprecationIsRecorded() throws {
    let m = Self.engine()
    #expect(try m.traceTranslation("legacy").deprecated)
    #expect(try !m.traceTranslation("greeting").deprecated)
  }

  @Test func tracingReportsNoDiagnosticsWhileTranslateDoes() throws {
    let collected = Collector<MessagevisorDiagnostic>()
    let m = Self.engine(context: ["plan": "pro"], diagnostics: collected)
    let initial = collected.codes.count  // sdk_initialized
    _ = try m.traceTranslation("greeting")
    _ = try m.traceTranslation("legacy")
    _ = try m.traceTranslation("unknown")
    #expect(collected.codes.dropFirst(initial).isEmpty)
    _ = try m.translate("greeting", options: TranslateOptions(context: ["beta": false]))
    _ = try m.translate("legacy", options: TranslateOptions(context: ["beta": false]))
    _ = try m.translate("unknown", options: TranslateOptions(context: ["beta": false]))
    #expect(
      Array(collected.codes.dropFirst(initial)) == [
        "message_override_matched", "deprecated_message", "missing_translation",
      ])
  }

  @Test func withoutLocaleTracingThrowsAsTranslateDoes() {
    let m = createMessagevisor(MessagevisorOptions(logLevel: .fatal))
    #expect(throws: MessagevisorError.self) { try m.traceTranslation("greeting") }
    #expect(throws: MessagevisorError.self) { try m.translate("greeting") }
  }
}
