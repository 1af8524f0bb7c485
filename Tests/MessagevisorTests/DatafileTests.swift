import Foundation
import Messagevisor
import Testing

@Suite("Datafile model, JSON and storage (spec §1)")
struct DatafileTests {
  static let validJSON = """
    {
      "schemaVersion": "1", "messagevisorVersion": "1.0.0", "revision": "7", "target": "web",
      "locale": "en-US", "direction": "ltr",
      "formats": {"number": {"money": {"style": "currency", "currency": "USD"}}},
      "segments": {
        "pro": {"conditions": "{\\"attribute\\":\\"plan\\",\\"operator\\":\\"equals\\",\\"value\\":\\"pro\\"}"},
        "old": {"archived": true, "conditions": "*"}
      },
      "messages": {
        "welcome": {
          "deprecated": true, "deprecationWarning": "use hello", "meta": {"owner": "growth"},
          "overrides": [
            {"key": "pro", "segments": "[\\"pro\\"]", "translation": "Welcome, pro"},
            {"key": "ios", "conditions": {"attribute": "platform", "operator": "equals", "value": "ios"}, "translation": "Hi iOS"}
          ]
        }
      },
      "translations": {"welcome": "Welcome", "empty": "", "__proto__": "proto"}
    }
    """

  @Test("fromJSON reads every field, stringified conditions stay strings")
  func fromJSON() throws {
    let datafile = try DatafileContent.fromJSON(Self.validJSON)
    #expect(datafile.locale == "en-US")
    #expect(datafile.revision == "7")
    #expect(datafile.direction == "ltr")
    #expect(datafile.formats?.number?["money"]?["style"] == "currency")
    #expect(datafile.segments["old"]?.archived == true)
    #expect(datafile.segments["old"]?.conditions == .all)
    guard case .string = datafile.segments["pro"]?.conditions else {
      Issue.record("expected a JSON-string condition")
      return
    }
    let message = try #require(datafile.messages["welcome"])
    #expect(message.deprecated == true)
    #expect(message.meta?["owner"] == "growth")
    #expect(message.overrides?.count == 2)
    #expect(message.overrides?[0].segments == .key(#"["pro"]"#))
    #expect(
      message.overrides?[1].conditions
        == .predicate(ConditionPredicate(attribute: "platform", operator: .equals, value: "ios")))
    #expect(datafile.translations["empty"] == "")
    #expect(datafile.translations["__proto__"] == "proto")
  }

  @Test("toJSON round-trips (compact and pretty), fromData and Codable agree")
  func roundTrip() throws {
    let datafile = try DatafileContent.fromJSON(Self.validJSON)
    #expect(try DatafileContent.fromJSON(datafile.toJSON()) == datafile)
    let pretty = try datafile.toJSON(pretty: true)
    #expect(pretty.contains("\n  \""))
    #expect(try DatafileContent.fromData(Data(pretty.utf8)) == datafile)
    let decoded = try JSONDecoder().decode(DatafileContent.self, from: Data(Self.validJSON.utf8))
    #expect(decoded == datafile)
    let encoded = try JSONEncoder().encode(datafile)
    #expect(try DatafileContent.fromData(encoded) == datafile)
  }

  static let invalidInputs: [String] = [
    "", "{", "[]", "null", "42", "\"text\"", "{not json}",
    #"{"schemaVersion":"2","messagevisorVersion":"","revision":"","target":"","locale":"en","segments":{},"messages":{},"translations":{}}"#,
    #"{"schemaVersion":1,"messagevisorVersion":"","revision":"","target":"","locale":"en","segments":{},"messages":{},"translations":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","target":"","locale":"","segments":{},"messages":{},"translations":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","target":"","segments":{},"messages":{},"translations":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":1,"target":"","locale":"en","segments":{},"messages":{},"translations":{}}"#,
    #"{"schemaVersion":"1","revision":"","target":"","locale":"en","segments":{},"messages":{},"translations":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","locale":"en","segments":{},"messages":{},"translations":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","target":null,"locale":"en","segments":{},"messages":{},"translations":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","target":"","locale":"en","direction":"up","segments":{},"messages":{},"translations":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","target":"","locale":"en","direction":null,"segments":{},"messages":{},"translations":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","target":"","locale":"en","formats":[],"segments":{},"messages":{},"translations":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","target":"","locale":"en","formats":{"number":{"x":1}},"segments":{},"messages":{},"translations":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","target":"","locale":"en","messages":{},"translations":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","target":"","locale":"en","segments":[],"messages":{},"translations":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","target":"","locale":"en","segments":{},"translations":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","target":"","locale":"en","segments":{},"messages":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","target":"","locale":"en","segments":{},"messages":{},"translations":{"a":1}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","target":"","locale":"en","segments":{},"messages":{"a":{"deprecated":"yes"}},"translations":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","target":"","locale":"en","segments":{},"messages":{"a":{"overrides":[{"key":"k"}]}},"translations":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","target":"","locale":"en","segments":{},"messages":{"a":{"overrides":[{"key":"k","translation":"t","conditions":5}]}},"translations":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","target":"","locale":"en","segments":{"s":{"conditions":{"attribute":"a"}}},"messages":{},"translations":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","target":"","locale":"en","segments":{"s":{}},"messages":{},"translations":{}}"#,
    #"{"schemaVersion":"1","messagevisorVersion":"","revision":"","target":"","locale":"en","segments":{},"messages":{},"translations":{}} trailing"#,
    String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000),
    "{\"a\":" + String(repeating: "{\"a\":", count: 10_000) + "1"
      + String(repeating: "}", count: 10_001),
  ]

  @Test(
    "Invalid JSON input: invalid_datafile, one error event, state unchanged, no throw",
    arguments: invalidInputs.indices)
  func invalidJSON(_ index: Int) throws {
    let input = Self.invalidInputs[index]
    #expect(throws: DatafileError.self) { try DatafileContent.fromJSON(input) }
    let diagnostics = Collector<MessagevisorDiagnostic>()
    let events = Collector<MessagevisorEvent>()
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: makeDatafile(translations: ["a": "A"]), onDiagnostic: diagnostics.handler))
    for type in MessagevisorEventType.allCases { _ = m.on(type) { events.append($0) } }
    let before = m.getSnapshot()
    diagnostics.removeAll()
    m.setDatafile(input)
    #expect(diagnostics.codes == ["invalid_datafile"])
    #expect(diagnostics.items.first?.message == "could not parse datafile")
    #expect(diagnostics.items.first?.originalError is DatafileError)
    #expect(events.types == [.error])
    #expect(m.getSnapshot() == before)
    #expect(try m.translate("a") == "A")
  }

  @Test("Typed datafiles validate schema version, locale, direction and nesting")
  func invalidTyped() throws {
    var deep: Condition = .all
    for _ in 0..<10_000 { deep = .or([deep]) }
    var deepGroup: GroupSegment = .all
    for _ in 0..<500 { deepGroup = .and([deepGroup]) }
    var wrongSchema = makeDatafile()
    wrongSchema.schemaVersion = "2"
    let inputs: [DatafileContent] = [
      wrongSchema,
      makeDatafile(locale: ""),
      makeDatafile(direction: "sideways"),
      makeDatafile(segments: ["deep": Segment(conditions: deep)]),
      makeDatafile(messages: [
        "m": DatafileMessage(overrides: [
          MessageOverride(key: "k", segments: deepGroup, translation: "x")
        ])
      ]),
    ]
    for input in inputs {
      let diagnostics = Collector<MessagevisorDiagnostic>()
      let events = Collector<MessagevisorEvent>()
      let m = createMessagevisor(MessagevisorOptions(onDiagnostic: diagnostics.handler))
      _ = m.on(.error) { events.append($0) }
      _ = m.on(.change) { events.append($0) }
      m.setDatafile(input)
      #expect(diagnostics.codes.last == "invalid_datafile")
      #expect(events.types == [.error])
      #expect(m.getLocale() == nil)
      #expect(m.getSnapshot().datafileLocales.isEmpty)
    }
  }

  @Test("Merge by default: identity from incoming, direction kept, maps merged per key")
  func merge() throws {
    let m = createMessagevisor(MessagevisorOptions(onDiagnostic: { _ in }))
    m.setDatafile(
      makeDatafile(
        revision: "1", direction: "rtl", translations: ["a": "A", "b": "B"],
        messages: ["a": DatafileMessage(deprecated: true)],
        segments: ["s": Segment(conditions: .all)]))
    var second = makeDatafile(
      revision: "2", translations: ["b": "B2", "c": "C"],
      segments: ["t": Segment(conditions: .all)])
    second.target = "checkout"
    m.setDatafile(second)
    let stored = try m.getDatafile()
    #expect(stored.revision == "2")
    #expect(stored.target == "checkout")
    #expect(stored.direction == "rtl")
    #expect(stored.translations == ["a": "A", "b": "B2", "c": "C"])
    #expect(stored.messages["a"]?.deprecated == true)
    #expect(Set(stored.segments.keys) == ["s", "t"])
    m.setDatafile(makeDatafile(revision: "3", translations: ["z": "Z"]), replace: true)
    let replaced = try m.getDatafile()
    #expect(replaced.translations == ["z": "Z"])
    #expect(replaced.direction == nil)
    #expect(replaced.segments.isEmpty)
    #expect(replaced.messages.isEmpty)
  }

  @Test("Formats merge by family; an incoming preset replaces the stored one whole")
  func formatsMerge() throws {
    let m = createMessagevisor(MessagevisorOptions(onDiagnostic: { _ in }))
    m.setDatafile(
      makeDatafile(
        formats: FormatPresets(
          number: [
            "money": ["style": "currency", "currency": "USD"], "pct": ["style": "percent"],
          ],
          date: ["short": ["dateStyle": "short"]])))
    m.setDatafile(
      makeDatafile(
        formats: FormatPresets(number: ["money": ["minimumFractionDigits": 2]])))
    var formats = try #require(try m.getDatafile().formats)
    #expect(formats.number?["money"] == ["minimumFractionDigits": 2])
    #expect(formats.number?["pct"] == ["style": "percent"])
    #expect(formats.date?["short"] == ["dateStyle": "short"])
    m.setDatafile(makeDatafile(translations: ["x": "X"]))
    formats = try #require(try m.getDatafile().formats)
    #expect(formats.number?["pct"] == ["style": "percent"])
    m.setDatafile(makeDatafile(translations: ["x": "X"]), replace: true)
    #expect(try m.getDatafile().formats == nil)
  }

  @Test("First loaded locale becomes active; constructor datafile wins over constructor locale")
  func activeLocale() throws {
    let m = createMessagevisor(MessagevisorOptions(onDiagnostic: { _ in }))
    #expect(m.getLocale() == nil)
    m.setDatafile(makeDatafile(locale: "en"))
    m.setDatafile(makeDatafile(locale: "nl"))
    #expect(m.getLocale() == "en")
    try m.setLocale("nl")
    #expect(m.getLocale() == "nl")
    let n = createMessagevisor(
      MessagevisorOptions(
        datafile: makeDatafile(locale: "de"), locale: "fr", onDiagnostic: { _ in }))
    #expect(n.getLocale() == "de")
    let o = createMessagevisor(MessagevisorOptions(locale: "fr", onDiagnostic: { _ in }))
    o.setDatafile(makeDatafile(locale: "de"))
    #expect(o.getLocale() == "fr")
    let p = createMessagevisor(
      MessagevisorOptions(
        datafileJSON: try makeDatafile(locale: "it").toJSON(), onDiagnostic: { _ in }))
    #expect(p.getLocale() == "it")
  }

  @Test("A huge datafile (100,000 keys) loads and translates")
  func huge() throws {
    var translations: [String: String] = [:]
    for index in 0..<100_000 { translations["key.\(index)"] = "Value \(index)" }
    let json = try makeDatafile(translations: translations).toJSON()
    let m = createMessagevisor(MessagevisorOptions(onDiagnostic: { _ in }))
    m.setDatafile(json)
    #expect(try m.translate("key.99999") == "Value 99999")
  }
}
