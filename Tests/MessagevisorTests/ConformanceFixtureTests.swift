import Foundation
import Messagevisor
import Testing

/// Runs every case of `../shared/fixtures/conformance/sdk-v1.json` (skips visibly when absent).
@Suite("Shared conformance fixture sdk-v1.json")
struct ConformanceFixtureTests {
  static let fixture: MessagevisorValue? = {
    guard let shared = sharedDirectory() else { return nil }
    let url = shared.appendingPathComponent("fixtures/conformance/sdk-v1.json")
    guard let data = try? Data(contentsOf: url) else { return nil }
    return try? jsonValue(data)
  }()

  static func section(_ name: String) -> [MessagevisorValue] {
    fixture?[name]?.arrayValue ?? []
  }

  static func condition(_ value: MessagevisorValue) throws -> Condition {
    try JSONDecoder().decode(Condition.self, from: Data(value.jsonText.utf8))
  }

  @Test("Shared fixture is present (skips visibly when ../shared is absent)")
  func fixturePresent() throws {
    guard let fixture = Self.fixture else {
      withKnownIssue("../shared/fixtures/conformance/sdk-v1.json is absent; fixture cases skipped")
      {
        Issue.record("fixture missing")
      }
      return
    }
    #expect(fixture["fixtureVersion"]?.intValue ?? 0 >= 3)
  }

  @Test("Fixture conditions", arguments: section("conditions"))
  func conditions(_ item: MessagevisorValue) throws {
    let condition = try Self.condition(try #require(item["condition"]))
    let provider = MessagevisorEvaluationDataProvider(context: item["context"]?.objectValue ?? [:])
    #expect(
      evaluateCondition(condition, provider: provider) == item["expected"]?.boolValue,
      "\(item["name"]?.stringValue ?? "")")
  }

  @Test("Fixture segments", arguments: section("segments"))
  func segments(_ item: MessagevisorValue) throws {
    var segments: [String: Segment] = [:]
    for (key, raw) in item["segments"]?.objectValue ?? [:] {
      segments[key] = Segment(
        archived: raw["archived"]?.boolValue,
        conditions: try Self.condition(try #require(raw["conditions"])))
    }
    let provider = MessagevisorEvaluationDataProvider(
      context: item["context"]?.objectValue ?? [:], segments: segments)
    let result: Bool
    if let key = item["segment"]?.stringValue {
      result = evaluateSegment(key, provider: provider)
    } else {
      let group = try JSONDecoder().decode(
        GroupSegment.self, from: Data(try #require(item["group"]).jsonText.utf8))
      result = evaluateGroupSegment(group, provider: provider)
    }
    #expect(result == item["expected"]?.boolValue, "\(item["name"]?.stringValue ?? "")")
  }

  @Test("Fixture translations", arguments: section("translations"))
  func translations(_ item: MessagevisorValue) throws {
    let diagnostics = Collector<MessagevisorDiagnostic>()
    var defaults: [String: [String: String]] = [:]
    for (locale, map) in item["defaultTranslations"]?.objectValue ?? [:] {
      defaults[locale] = (map.objectValue ?? [:]).compactMapValues(\.stringValue)
    }
    let m = createMessagevisor(
      MessagevisorOptions(
        datafileJSON: item["datafile"]?.jsonText, locale: item["locale"]?.stringValue,
        context: item["context"]?.objectValue ?? [:], defaultTranslations: defaults,
        onDiagnostic: diagnostics.handler, logLevel: .debug))
    let text = try m.translate(
      try #require(item["message"]?.stringValue),
      options: TranslateOptions(defaultTranslation: item["defaultTranslation"]?.stringValue))
    #expect(text == item["expected"]?.stringValue, "\(item["name"]?.stringValue ?? "")")
    for code in item["expectedDiagnosticCodes"]?.arrayValue ?? [] {
      #expect(diagnostics.codes.contains(try #require(code.stringValue)))
    }
  }

  @Test(
    "Fixture portable regex accepted cases",
    arguments: Self.fixture?["portableRegex"]?["accepted"]?.arrayValue ?? [])
  func regexAccepted(_ item: MessagevisorValue) throws {
    let predicate = ConditionPredicate(
      attribute: "value", operator: .matches, value: item["pattern"],
      regexFlags: item["flags"]?.stringValue)
    let provider = MessagevisorEvaluationDataProvider(context: [
      "value": try #require(item["value"])
    ])
    #expect(evaluateCondition(.predicate(predicate), provider: provider))
  }

  @Test(
    "Fixture portable regex rejected cases",
    arguments: Self.fixture?["portableRegex"]?["rejected"]?.arrayValue ?? [])
  func regexRejected(_ item: MessagevisorValue) throws {
    for op in [ConditionOperator.matches, .notMatches] {
      let predicate = ConditionPredicate(attribute: "value", operator: op, value: item["pattern"])
      // A subject the pattern would match if it were compiled (and one it would not).
      for subject in ["valuex", "xvalue", "value", "valuevalue", "nothing"] {
        let provider = MessagevisorEvaluationDataProvider(context: ["value": .string(subject)])
        #expect(
          !evaluateCondition(.predicate(predicate), provider: provider),
          "\(item["name"]?.stringValue ?? "") \(op) \(subject)")
      }
    }
  }

  @Test("Fixture datafile rules")
  func datafiles() throws {
    guard let rules = Self.fixture?["datafiles"] else { return }
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let errors = Collector<MessagevisorEvent>()
    let m = createMessagevisor(MessagevisorOptions(onDiagnostic: diagnostics.handler))
    _ = m.on(.error) { errors.append($0) }
    m.setDatafile(makeDatafile(locale: "en", translations: ["a": "A", "b": "B"]))
    #expect(rules["firstLoadedLocaleBecomesActive"]?.boolValue == true)
    #expect(m.getLocale() == "en")
    m.setDatafile(makeDatafile(locale: "nl", translations: ["a": "Nl"]))
    #expect(rules["loadingAnotherLocaleDoesNotChangeActiveLocale"]?.boolValue == true)
    #expect(m.getLocale() == "en")
    #expect(rules["storageKey"]?.stringValue == "locale")
    #expect(try m.getDatafile(locale: "nl").translations == ["a": "Nl"])
    m.setDatafile(makeDatafile(locale: "en", revision: "2", translations: ["c": "C"]))
    #expect(rules["mergeByDefault"]?.boolValue == true)
    #expect(try m.getDatafile().translations == ["a": "A", "b": "B", "c": "C"])
    m.setDatafile(
      makeDatafile(locale: "en", revision: "3", translations: ["d": "D"]), replace: true)
    #expect(rules["replaceWithSecondArgument"]?.boolValue == true)
    #expect(try m.getDatafile().translations == ["d": "D"])
    let before = m.getSnapshot()
    m.setDatafile("{not json")
    let invalid = try #require(diagnostics.items.last)
    #expect(invalid.code == rules["invalidDatafileDiagnostic"]?["code"]?.stringValue)
    #expect(invalid.message == rules["invalidDatafileDiagnostic"]?["message"]?.stringValue)
    #expect(errors.items.count == 1)
    #expect(m.getSnapshot() == before)
  }

  @Test("Fixture diagnostics rules")
  func diagnosticsRules() throws {
    guard let rules = Self.fixture?["diagnostics"] else { return }
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let m = createMessagevisor(
      MessagevisorOptions(locale: "en", onDiagnostic: diagnostics.handler, logLevel: .debug))
    #expect(throws: MessagevisorError.self) { try m.setLocale("fr") }
    #expect(diagnostics.codes.last == rules["missingLocaleDatafileCode"]?.stringValue)
    _ = try m.formatNumber(1, preset: "nope")
    #expect(diagnostics.codes.contains(try #require(rules["missingFormatCode"]?.stringValue)))
    #expect(rules["invalidFormatCode"]?.stringValue == "invalid_format")
    #expect(rules["detailsAlwaysPresent"]?.boolValue == true)
    // `details` is non-optional, so it is always present; sdk_initialized has an empty one.
    #expect(diagnostics.items.first { $0.code == "sdk_initialized" }?.details == [:])
  }

  @Test("Fixture events: state event before change, change sources")
  func events() throws {
    guard let rules = Self.fixture?["events"] else { return }
    let events = Collector<MessagevisorEvent>()
    let m = createMessagevisor(MessagevisorOptions(onDiagnostic: { _ in }))
    for type in MessagevisorEventType.allCases where type != .error {
      _ = m.on(type) { events.append($0) }
    }
    m.setDatafile(makeDatafile(locale: "en"))
    m.setDatafile(makeDatafile(locale: "nl"))
    try m.setLocale("nl")
    m.setContext(["a": 1])
    m.setCurrency("EUR")
    m.setTimeZone("UTC")
    let sources = events.items.compactMap(\.source).map(\.rawValue)
    var expectedSources = (rules["changeSources"]?.arrayValue ?? []).compactMap(\.stringValue)
    expectedSources.insert("datafile_set", at: 0)
    #expect(sources == expectedSources)
    #expect(rules["stateEventBeforeChange"]?.boolValue == true)
    let types = events.types
    for index in stride(from: 0, to: types.count, by: 2) {
      #expect(types[index] != .change)
      #expect(types[index + 1] == .change)
      #expect(events.items[index].version == events.items[index + 1].version)
    }
  }

  @Test("Fixture childDatafileTrace and revision after close")
  func childDatafileTrace() async throws {
    guard let rules = Self.fixture?["events"], let trace = rules["childDatafileTrace"]?.arrayValue
    else { return }
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: makeDatafile(locale: "en", revision: "1"), onDiagnostic: { _ in }))
    m.setDatafile(makeDatafile(locale: "nl", revision: "1"))
    let child = m.spawn(options: SpawnOptions(locale: "nl"))
    let events = Collector<MessagevisorEvent>()
    _ = child.on(.datafileSet) { events.append($0) }
    _ = child.on(.change) { events.append($0) }
    m.setDatafile(makeDatafile(locale: "en", revision: "2"), replace: true)
    #expect(events.items.count == trace.count)
    for (event, expected) in zip(events.items, trace) {
      #expect(event.type.rawValue == expected["type"]?.stringValue)
      #expect(event.source?.rawValue == expected["source"]?.stringValue)
      #expect(event.version == expected["version"]?.intValue)
      #expect(event.snapshot.version == expected["snapshotVersion"]?.intValue)
      #expect(event.previousSnapshot.version == expected["previousSnapshotVersion"]?.intValue)
      #expect(event.snapshot.locale == expected["snapshotLocale"]?.stringValue)
      #expect(event.previousSnapshot.locale == expected["previousSnapshotLocale"]?.stringValue)
      var details = event.details
      if case .change(_, let inner) = details { details = inner }
      guard case .datafileSet(let datafile, let locale, let activeLocale, _, _) = details else {
        Issue.record("unexpected details \(details)")
        continue
      }
      #expect(locale == expected["datafileLocale"]?.stringValue)
      #expect(activeLocale == expected["activeLocale"]?.stringValue)
      #expect(datafile.revision == expected["datafileRevision"]?.stringValue)
      #expect(
        event.snapshot.datafileRevisionsByLocale[locale]
          == expected["snapshotDatafileRevision"]?.stringValue)
      #expect(
        event.previousSnapshot.datafileRevisionsByLocale[locale]
          == expected["previousSnapshotDatafileRevision"]?.stringValue)
    }
    try await child.close()
    #expect(
      try child.getRevision(locale: "en") == rules["childDatafileRevisionAfterClose"]?.stringValue)
    events.removeAll()
    m.setDatafile(makeDatafile(locale: "en", revision: "3"), replace: true)
    #expect(events.items.isEmpty)
    // After close the storage stays shared: the child sees the parent's newest revision.
    #expect(child.getSnapshot().datafileRevisionsByLocale["en"] == "3")
  }
}
