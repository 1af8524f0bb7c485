import Foundation
import Messagevisor
import Testing

@Suite("Translation lookup and per-call options (spec §3.3)")
struct TranslationTests {
  static func datafile(locale: String = "en") -> DatafileContent {
    makeDatafile(
      locale: locale,
      translations: [
        "welcome": "Welcome", "legacy": "Legacy", "empty": "", "plain": "Plain \(locale)",
      ],
      messages: [
        "welcome": DatafileMessage(
          meta: ["owner": "growth"],
          overrides: [
            MessageOverride(
              key: "pro",
              conditions: .predicate(
                ConditionPredicate(attribute: "plan", operator: .equals, value: "pro")),
              translation: "Welcome, pro"),
            MessageOverride(key: "vip", segments: "vip", translation: "Welcome, VIP"),
            MessageOverride(
              key: "flag",
              conditions: .predicate(ConditionPredicate(feature: "newCopy", operator: .isEnabled)),
              translation: "Welcome (new)"),
          ]),
        "legacy": DatafileMessage(deprecated: true, deprecationWarning: "use welcome"),
        "onlyMeta": DatafileMessage(meta: ["a": 1]),
      ],
      segments: [
        "vip": Segment(
          conditions: .string(#"{"attribute":"tier","operator":"equals","value":"vip"}"#))
      ])
  }

  @Test("Overrides: first match wins; per-call context merges over instance context")
  func overrides() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: Self.datafile(), context: ["plan": "free"], onDiagnostic: diagnostics.handler,
        logLevel: .debug))
    #expect(try m.translate("welcome") == "Welcome")
    #expect(
      try m.translate("welcome", options: TranslateOptions(context: ["plan": "pro"]))
        == "Welcome, pro")
    #expect(
      try m.translate(
        "welcome", options: TranslateOptions(context: ["tier": "vip", "plan": "pro"]))
        == "Welcome, pro")
    #expect(
      try m.translate("welcome", options: TranslateOptions(context: ["tier": "vip"]))
        == "Welcome, VIP")
    #expect(m.getContext() == ["plan": "free"])
    let matched = try #require(diagnostics.items.last { $0.code == "message_override_matched" })
    #expect(matched.level == .debug)
    #expect(matched.message == "Message override matched")
    #expect(matched.details == ["locale": "en", "messageKey": "welcome", "overrideKey": "vip"])
    m.setContext(["plan": "pro"])
    #expect(try m.t("welcome") == "Welcome, pro")
  }

  @Test("Deprecated messages report deprecated_message with the warning")
  func deprecated() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let m = createMessagevisor(
      MessagevisorOptions(datafile: Self.datafile(), onDiagnostic: diagnostics.handler))
    #expect(try m.translate("legacy") == "Legacy")
    let diagnostic = try #require(diagnostics.items.last)
    #expect(diagnostic.code == "deprecated_message")
    #expect(diagnostic.level == .warn)
    #expect(diagnostic.message == "Deprecated message evaluated")
    #expect(
      diagnostic.details == [
        "locale": "en", "messageKey": "legacy", "source": "translation",
        "deprecationWarning": "use welcome",
      ])
  }

  @Test("Fallback order: datafile, defaults, per-call default, key; empty string is kept")
  func fallbacks() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: Self.datafile(),
        defaultTranslations: [
          "en": ["welcome": "Default welcome", "fromDefaults": "D"], "fr": ["x": "X fr"],
        ],
        onDiagnostic: diagnostics.handler))
    diagnostics.removeAll()
    #expect(try m.translate("empty") == "")
    #expect(try m.translate("fromDefaults") == "D")
    #expect(diagnostics.items.isEmpty)
    #expect(
      try m.translate("nope", options: TranslateOptions(defaultTranslation: "Fallback"))
        == "Fallback")
    #expect(try m.translate("nope") == "nope")
    #expect(try m.translate("onlyMeta") == "onlyMeta")
    #expect(
      diagnostics.codes == ["missing_translation", "missing_translation", "missing_translation"])
    #expect(
      diagnostics.items[0].details == [
        "locale": "en", "messageKey": "nope", "source": "translation",
      ])
    #expect(diagnostics.items[0].message == "Missing translation")
    diagnostics.removeAll()
    #expect(try m.translate("x", options: TranslateOptions(locale: "fr")) == "X fr")
    #expect(try m.translate("y", options: TranslateOptions(locale: "fr")) == "y")
    #expect(diagnostics.codes == ["missing_datafile"])
    #expect(diagnostics.items[0].message == "Datafile not found for locale")
    #expect(m.getLocale() == "en")
    #expect(try m.getRawTranslation("welcome") == "Welcome")
    #expect(try m.getRawTranslation("missing.key") == "missing.key")
  }

  @Test("No locale: missing_locale and a thrown MessagevisorError")
  func noLocale() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let m = createMessagevisor(MessagevisorOptions(onDiagnostic: diagnostics.handler))
    #expect(throws: MessagevisorError("Locale not set")) { try m.translate("a") }
    #expect(diagnostics.codes.last == "missing_locale")
    #expect(diagnostics.items.last?.details == ["locale": .null])
    #expect(throws: MessagevisorError.self) { try m.formatMessage("a") }
    #expect(MessagevisorError("boom").localizedDescription == "boom")
  }

  @Test("Defaults work before a datafile arrives; per-call locale does not change state")
  func defaultsBeforeDatafile() throws {
    let events = Collector<MessagevisorEvent>()
    let m = createMessagevisor(
      MessagevisorOptions(
        locale: "en-US", defaultTranslations: ["en-US": ["app.loading": "Loading…"]],
        onDiagnostic: { _ in }))
    _ = m.on(.change) { events.append($0) }
    #expect(try m.translate("app.loading") == "Loading…")
    #expect(m.getDefaultTranslations() == ["app.loading": "Loading…"])
    #expect(m.getDefaultTranslations(locale: "nl-NL") == nil)
    m.setDatafile(Self.datafile(locale: "nl"))
    #expect(try m.translate("plain", options: TranslateOptions(locale: "nl")) == "Plain nl")
    #expect(m.getLocale() == "en-US")
    #expect(events.items.count == 1)
  }

  @Test("Flag resolvers drive feature predicates in overrides")
  func flagResolver() throws {
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: Self.datafile(), resolveFlag: { key, _ in key == "newCopy" },
        onDiagnostic: { _ in }))
    #expect(try m.translate("welcome") == "Welcome (new)")
    m.setFlagResolver(nil)
    #expect(try m.translate("welcome") == "Welcome")
  }

  @Test("Dictionary keys like __proto__ and constructor are ordinary keys")
  func dictionaryKeys() throws {
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: makeDatafile(translations: ["__proto__": "own proto"]), onDiagnostic: { _ in }))
    #expect(try m.translate("__proto__") == "own proto")
    for key in ["constructor", "toString", "hasOwnProperty", "valueOf"] {
      #expect(try m.translate(key) == key)
      #expect(throws: MessagevisorError.self) { try m.getDatafile(locale: key) }
    }
  }
}
