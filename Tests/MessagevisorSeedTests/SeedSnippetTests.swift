import Foundation
import Messagevisor
import MessagevisorICU
import MessagevisorInterpolation
import MessagevisorMissingTranslations
import TestSupport
import Testing

/// The seed document's snippets (seeds/001), transcribed; each asserts what the document states.
/// Snippets that need the ICU module are listed in `SeedICUPending` below.
@Suite("Seed snippets: Swift SDK public API document")
struct SeedSnippetTests {
  let datafile = SeedData.datafile()

  @Test("Public API / Initialization: translate(\"auth.signin\") → \"Sign in\"")
  func initialization() throws {
    let m: Messagevisor = createMessagevisor(
      MessagevisorOptions(datafile: datafile)
    )
    #expect(try m.translate("auth.signin") == "Sign in")
  }

  @Test("Start without a datafile, set it after launch")
  func startWithoutDatafile() throws {
    let downloadedDatafile = datafile
    let m = createMessagevisor(
      MessagevisorOptions(locale: "en-US", onDiagnostic: { _ in })
    )
    m.setDatafile(downloadedDatafile)
    #expect(try m.translate("auth.signin") == "Sign in")
  }

  @Test("Datafile fetching: DatafileContent.fromData")
  func fromData() throws {
    let data = Data(try datafile.toJSON().utf8)
    let datafile = try DatafileContent.fromData(data)
    let m = createMessagevisor(
      MessagevisorOptions(datafile: datafile)
    )
    #expect(try m.translate("auth.signin") == "Sign in")
  }

  @Test("Without a formatting module, translate returns the resolved string unchanged")
  func noModule() throws {
    let m = createMessagevisor(MessagevisorOptions(datafile: datafile))
    #expect(
      try m.translate("dashboard.welcome", values: ["name": .string("Ada")])
        == "Welcome back, {name}")
  }

  @Test("Translating with values (simple interpolation module) → \"Welcome back, Ada\"")
  func values() throws {
    let m = createMessagevisor(
      MessagevisorOptions(datafile: datafile, modules: [createInterpolationModule()]))
    #expect(
      try m.translate(
        "dashboard.welcome",
        values: ["name": .string("Ada")]
      ) == "Welcome back, Ada")
    let values: MessagevisorValues = [
      "name": .string("Ada"),
      "count": .int(3),
      "price": .double(12.5),
      "enabled": .bool(true),
      "createdAt": .date(Date()),
    ]
    #expect(values.count == 5)
    #expect(try m.t("dashboard.welcome", values: ["name": .string("Ada")]) == "Welcome back, Ada")
    let raw = try m.getRawTranslation("dashboard.welcome")
    #expect(raw == "Welcome back, {name}")
    #expect(
      try m.formatMessage(
        "Hello, {name}",
        values: ["name": .string("Ada")]
      ) == "Hello, Ada")
  }

  @Test("Context: initial, merge (shallow), replace, per-call")
  func context() throws {
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: datafile,
        context: [
          "platform": .string("ios"),
          "plan": .string("pro"),
        ]
      )
    )
    m.setContext([
      "userId": .string("user-123")
    ])
    #expect(m.getContext() == ["platform": "ios", "plan": "pro", "userId": "user-123"])
    m.setContext(["nested": ["a": 1, "b": 2]])
    m.setContext(["nested": ["a": 3]])
    #expect(m.getContext()["nested"] == ["a": 3])
    m.setContext(
      ["userId": .string("user-456")],
      replace: true
    )
    #expect(m.getContext() == ["userId": "user-456"])
    #expect(
      try m.translate(
        "checkout.title",
        options: TranslateOptions(
          context: ["checkoutType": .string("express")]
        )
      ) == "Express checkout")
    #expect(m.getContext() == ["userId": "user-456"])
    #expect(try m.translate("checkout.title") == "Checkout")
  }

  @Test("Datafile operations: JSON strings; invalid input emits invalid_datafile without throwing")
  func datafileOperations() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let m = createMessagevisor(
      MessagevisorOptions(onDiagnostic: { diagnostics.append($0) }))
    let datafileJSON = try datafile.toJSON()
    m.setDatafile(datafileJSON)
    #expect(try m.translate("auth.signin") == "Sign in")
    let before = m.getSnapshot()
    m.setDatafile("{ not json")
    #expect(diagnostics.items.last?.code == "invalid_datafile")
    #expect(diagnostics.items.last?.message == "could not parse datafile")
    #expect(m.getSnapshot() == before)
  }

  @Test("Merge by default; replace explicitly; loading another locale")
  func mergeReplaceLocales() throws {
    let m = createMessagevisor(MessagevisorOptions(onDiagnostic: { _ in }))
    let homeDatafile = SeedData.datafile(translations: ["home.title": "Home"])
    let checkoutDatafile = SeedData.datafile(translations: ["checkout.title": "Checkout"])
    m.setDatafile(homeDatafile)
    m.setDatafile(checkoutDatafile)
    #expect(try m.translate("home.title") == "Home")
    #expect(try m.translate("checkout.title") == "Checkout")
    let freshDatafile = SeedData.datafile(revision: "2", translations: ["checkout.title": "Pay"])
    m.setDatafile(freshDatafile, replace: true)
    #expect(try m.translate("home.title") == "home.title")

    let englishDatafile = SeedData.datafile(locale: "en-US")
    let dutchDatafile = SeedData.datafile(
      locale: "nl-NL", translations: ["auth.signin": "Inloggen"])
    let n = createMessagevisor(MessagevisorOptions(onDiagnostic: { _ in }))
    n.setDatafile(englishDatafile)
    n.setDatafile(dutchDatafile)
    #expect(n.getLocale() == "en-US")
    try n.setLocale("nl-NL")
    #expect(n.getLocale() ?? "" == "nl-NL")
    #expect(try n.translate("auth.signin") == "Inloggen")
  }

  @Test("setLocale without a datafile emits missing_datafile and throws without changing state")
  func setLocaleMissing() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let m = createMessagevisor(
      MessagevisorOptions(datafile: datafile, onDiagnostic: { diagnostics.append($0) }))
    #expect(throws: (any Error).self) { try m.setLocale("nl-NL") }
    #expect(diagnostics.items.last?.code == "missing_datafile")
    #expect(m.getLocale() == "en-US")
  }

  @Test("Per-call locale; direction; currency; time zone")
  func localeCurrencyZone() throws {
    let events = Collector<MessagevisorEvent>()
    let m = createMessagevisor(MessagevisorOptions(datafile: datafile, onDiagnostic: { _ in }))
    m.setDatafile(SeedData.datafile(locale: "fr-FR", translations: ["checkout.title": "Paiement"]))
    _ = m.on(.localeSet) { events.append($0) }
    #expect(
      try m.translate(
        "checkout.title",
        options: TranslateOptions(locale: "fr-FR")
      ) == "Paiement")
    #expect(m.getLocale() == "en-US")
    #expect(events.items.isEmpty)
    let direction = try m.getDirection()
    #expect(direction == "ltr")
    m.setCurrency("EUR")
    #expect(m.getCurrency() ?? "" == "EUR")
    m.setTimeZone("Europe/Amsterdam")
    #expect(m.getTimeZone() == "Europe/Amsterdam")
    let empty = createMessagevisor(MessagevisorOptions(onDiagnostic: { _ in }))
    #expect(try empty.getDirection() == nil)
  }

  @Test("Direct formatter helpers (seed list) run; ToParts gives one literal part")
  func formatterHelpers() throws {
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: SeedData.datafile(), onDiagnostic: { _ in },
        logLevel: .fatal))
    let start = Date(timeIntervalSince1970: 1_780_000_000)
    let end = start.addingTimeInterval(3600)
    _ = try m.formatNumber(1234.5, preset: "money")
    _ = try m.formatDate(Date(), preset: "long")
    _ = try m.formatTime(Date(), preset: "short")
    _ = try m.formatDateTimeRange(start, end, preset: "appointment")
    _ = try m.formatRelativeTime(-1, unit: .day)
    #expect(try m.formatPlural(2) == "other")
    #expect(try m.formatList(["iOS", "macOS", "visionOS"]) == "iOS, macOS, and visionOS")
    #expect(try m.formatDisplayName("NL", type: "region") == "Netherlands")
    let parts = try m.formatNumberToParts(1234.5)
    #expect(parts == [MessagevisorFormatPart(type: "literal", value: "1,234.5")])
    #expect(
      try m.formatPlural(1, formatOptions: ["minimumFractionDigits": .int(2)], locale: "en")
        == "other")
  }

  @Test("Default translations, call-site fallback; empty strings do not fall through")
  func defaultTranslations() throws {
    let m = createMessagevisor(
      MessagevisorOptions(
        locale: "en-US",
        defaultTranslations: [
          "en-US": ["app.loading": "Loading…"]
        ],
        onDiagnostic: { _ in }
      )
    )
    #expect(try m.translate("app.loading") == "Loading…")
    let translations = m.getDefaultTranslations()
    let dutchTranslations = m.getDefaultTranslations(locale: "nl-NL")
    #expect(translations == ["app.loading": "Loading…"])
    #expect(dutchTranslations == nil)
    #expect(
      try m.translate(
        "optional.copy",
        options: TranslateOptions(defaultTranslation: "Fallback")
      ) == "Fallback")
    let e = createMessagevisor(
      MessagevisorOptions(
        datafile: SeedData.datafile(translations: ["x": ""]), onDiagnostic: { _ in }))
    #expect(try e.translate("x", options: TranslateOptions(defaultTranslation: "Fallback")) == "")
  }

  @Test("Default formats are shared with children")
  func defaultFormats() throws {
    let formats = FormatPresets(
      number: [
        "money": [
          "style": .string("currency"),
          "minimumFractionDigits": .int(2),
        ]
      ]
    )
    let m = createMessagevisor(
      MessagevisorOptions(
        locale: "en-US",
        defaultFormats: ["en-US": formats]
      )
    )
    let child = m.spawn()
    let activeFormats = m.getDefaultFormats()
    let dutchFormats = child.getDefaultFormats(locale: "nl-NL")
    #expect(activeFormats == formats)
    #expect(dutchFormats == nil)
    #expect(try m.formatNumber(42, preset: "money") == "$42.00")
  }

  @Test("Feature and variation resolvers")
  func resolvers() throws {
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: datafile,
        resolveFlag: { featureKey, context in
          featureKey == "newCheckout" && context["plan"] == .string("pro")
        },
        resolveVariation: { experimentKey, _ in
          experimentKey == "checkoutCopy" ? "treatment" : nil
        }
      )
    )
    #expect(try m.translate("checkout.title") == "Checkout (treatment)")
    m.setContext(["plan": "pro"])
    #expect(try m.translate("checkout.title") == "The new checkout")
  }

  @Test("Diagnostics with a handler and logLevel; setLogLevel")
  func diagnostics() throws {
    let logger = Collector<String>()
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: datafile,
        onDiagnostic: { diagnostic in
          logger.append("\(diagnostic.code): \(diagnostic.message)")
        },
        logLevel: .warn
      )
    )
    _ = try m.translate("missing.key")
    #expect(logger.items == ["missing_translation: Missing translation"])
    m.setLogLevel(.info)
    m.setDatafile("{")
    #expect(logger.items.last == "invalid_datafile: could not parse datafile")
  }

  @Test("Events: on(.localeSet) with details; unsubscribe; subscribe(); snapshot fields")
  func events() throws {
    let m = createMessagevisor(MessagevisorOptions(datafile: datafile, onDiagnostic: { _ in }))
    m.setDatafile(SeedData.datafile(locale: "nl-NL"))
    let lines = Collector<String>()
    let unsubscribe = m.on(.localeSet) { event in
      if case .localeSet(let locale, let previousLocale) = event.details {
        lines.append("\(previousLocale ?? "none") → \(locale)")
      }
    }
    try m.setLocale("nl-NL")
    unsubscribe()
    try m.setLocale("en-US")
    #expect(lines.items == ["en-US → nl-NL"])
    let renders = Collector<MessagevisorSnapshot>()
    let unsubscribeChange = m.subscribe {
      renders.append(m.getSnapshot())
    }
    m.setCurrency("EUR")
    unsubscribeChange()
    let snapshot = try #require(renders.items.first)
    #expect(snapshot.currency == "EUR")
    #expect(snapshot.locale == "en-US")
    #expect(snapshot.direction == "ltr")
    #expect(snapshot.datafileLocales == ["en-US", "nl-NL"])
    #expect(snapshot.datafileRevisionsByLocale == ["en-US": "1", "nl-NL": "1"])
    #expect(
      MessagevisorEventType.allCases.map(\.rawValue) == [
        "change", "error", "datafile_set", "locale_set", "context_set", "currency_set",
        "timeZone_set",
      ])
  }

  @Test("Modules: uppercase transform; observer setup API; add/remove at runtime; removeModule")
  func modules() async throws {
    let uppercase = MessagevisorModule(
      name: "uppercase",
      transform: { payload, _ in
        payload.translation.uppercased()
      }
    )
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: datafile,
        modules: [uppercase]
      )
    )
    #expect(try m.translate("auth.signin") == "SIGN IN")
    let codes = Collector<String>()
    let observer = MessagevisorModule(
      name: "observer",
      setup: { api in
        _ = api.onDiagnostic(
          { diagnostic in
            codes.append(diagnostic.code)
          }, MessagevisorModuleDiagnosticOptions(logLevel: .warn))
      }
    )
    _ = m.addModule(observer)
    _ = try m.translate("missing")
    #expect(codes.items == ["missing_translation"])
    try await m.removeModule("uppercase")
    #expect(try m.translate("auth.signin") == "Sign in")
    let remove = m.addModule(uppercase)
    #expect(try m.translate("auth.signin") == "SIGN IN")
    try await remove()
    try await remove()
    #expect(try m.translate("auth.signin") == "Sign in")
  }

  @Test("Child instances: spawn with context and options, translate, close")
  func children() async throws {
    let m = createMessagevisor(MessagevisorOptions(datafile: datafile, onDiagnostic: { _ in }))
    m.setDatafile(SeedData.datafile(locale: "nl-NL", translations: ["checkout.title": "Afrekenen"]))
    let child: MessagevisorChild = m.spawn(
      context: ["requestId": .string("request-123")],
      options: SpawnOptions(
        locale: "nl-NL",
        currency: "EUR",
        timeZone: "Europe/Amsterdam"
      )
    )
    let title = try child.translate("checkout.title")
    #expect(title == "Afrekenen")
    #expect(child.getContext() == ["requestId": "request-123"])
    try await child.close()
    #expect(m.getLocale() == "en-US")
  }

  @Test("Missing translations module observes missing_translation")
  func missingTranslations() throws {
    let keys = Collector<String>()
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: datafile, onDiagnostic: { _ in },
        modules: [
          createMissingTranslationsModule(.init(dedupe: true) { keys.append($0.messageKey) })
        ]))
    _ = try m.translate("nope")
    _ = try m.translate("nope")
    #expect(keys.items == ["nope"])
  }

  @Test("Closing the SDK closes modules and fails with MessagevisorCloseError on errors")
  func closing() async throws {
    struct Failure: Error {}
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: datafile, onDiagnostic: { _ in },
        modules: [MessagevisorModule(name: "x", close: { throw Failure() })]))
    do {
      try await m.close()
      Issue.record("expected MessagevisorCloseError")
    } catch let error as MessagevisorCloseError {
      #expect(error.errors.count == 1)
      #expect("\(error)" == "One or more Messagevisor modules failed to close.")
    }
  }

  @Test("Condition operators are type-strict; non-portable regex never matches")
  func conditionNotes() {
    let provider = MessagevisorEvaluationDataProvider(context: ["value": "10"])
    #expect(
      !evaluateCondition(
        .predicate(ConditionPredicate(attribute: "value", operator: "equals", value: 10)),
        provider: provider))
    #expect(
      !evaluateCondition(
        .predicate(ConditionPredicate(attribute: "value", operator: "notMatches", value: "(?=1)")),
        provider: provider))
  }

  @Test("__proto__, constructor and toString are ordinary dictionary keys")
  func dictionaryKeys() throws {
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: SeedData.datafile(translations: ["__proto__": "p", "constructor": "c"]),
        context: ["toString": "t"], onDiagnostic: { _ in }))
    #expect(try m.translate("__proto__") == "p")
    #expect(try m.translate("constructor") == "c")
    #expect(try m.translate("toString") == "toString")
    #expect(m.getContext()["toString"] == "t")
  }
}

/// The seed snippets that use the ICU module (MessagevisorICU).
@Suite("Seed snippets: ICU formatting")
struct SeedICUSnippetTests {
  @Test("Recommended modules: createICUModule() with a datafile")
  func recommended() throws {
    let datafile = SeedData.datafile()
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: datafile,
        modules: [createICUModule()]
      )
    )
    #expect(try m.translate("auth.signin") == "Sign in")
    #expect(
      try m.translate("dashboard.welcome", values: ["name": .string("Ada")]) == "Welcome back, Ada")
  }

  @Test("Plural: {count, plural, =0 {No items} one {# item} other {# items}} with 2 → \"2 items\"")
  func plural() throws {
    let m = createMessagevisor(
      MessagevisorOptions(datafile: SeedData.datafile(), modules: [createICUModule()]))
    #expect(
      try m.formatMessage(
        "{count, plural, =0 {No items} one {# item} other {# items}}",
        values: ["count": .int(2)]
      ) == "2 items")
    #expect(
      try m.formatMessage(
        "{count, plural, =0 {No items} one {# item} other {# items}}", values: ["count": .int(0)])
        == "No items")
  }

  @Test("Number skeleton ::currency/USD .00 with 0.5 → $0.50")
  func currencySkeleton() throws {
    let m = createMessagevisor(
      MessagevisorOptions(datafile: SeedData.datafile(), modules: [createICUModule()]))
    #expect(
      try m.formatMessage("{amount, number, ::currency/USD .00}", values: ["amount": .double(0.5)])
        == "$0.50")
  }

  @Test("Dates: {when, date, long} formats a native Date")
  func dateLong() throws {
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: SeedData.datafile(), timeZone: "UTC", modules: [createICUModule()]))
    let when = try #require(PortableDate.parse("2026-05-12T10:00:00Z"))
    let text = try m.formatMessage(
      "{when, date, long}",
      values: ["when": .date(when)]
    )
    #expect(text == (try m.formatDate(when, formatOptions: ["dateStyle": "long"])))
    #expect(text.contains("2026"))
  }

  @Test("Missing arguments in the selected branch throw and emit invalid_message")
  func missingArgument() throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: SeedData.datafile(), onDiagnostic: { diagnostics.append($0) },
        modules: [createICUModule()]))
    #expect(throws: (any Error).self) { try m.formatMessage("Hello {name}") }
    #expect(diagnostics.items.last?.code == "invalid_message")
  }
}
