import Foundation
import Messagevisor
import Testing

@Suite("Conditions (spec §2.2)")
struct ConditionTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var context: MessagevisorContext
    var predicate: ConditionPredicate
    var expected: Bool
    var testDescription: String { name }
  }

  static func attr(
    _ attribute: String, _ op: ConditionOperator, _ value: MessagevisorValue? = nil,
    flags: String? = nil
  ) -> ConditionPredicate {
    ConditionPredicate(attribute: attribute, operator: op, value: value, regexFlags: flags)
  }

  static let cases: [Case] = [
    Case(
      name: "equals int/int", context: ["v": 10], predicate: attr("v", .equals, 10), expected: true),
    Case(
      name: "equals int/double", context: ["v": 1], predicate: attr("v", .equals, 1.0),
      expected: true),
    Case(
      name: "equals string vs number", context: ["v": "10"], predicate: attr("v", .equals, 10),
      expected: false),
    Case(
      name: "equals bool vs string", context: ["v": true], predicate: attr("v", .equals, "true"),
      expected: false),
    Case(
      name: "equals null/null", context: ["v": nil], predicate: attr("v", .equals, .null),
      expected: true),
    Case(
      name: "equals missing vs null", context: [:], predicate: attr("v", .equals, .null),
      expected: false),
    Case(
      name: "equals arrays structurally", context: ["v": ["a"]],
      predicate: attr("v", .equals, ["a"]), expected: true),
    Case(
      name: "notEquals missing", context: [:], predicate: attr("v", .notEquals, "x"), expected: true
    ),
    Case(
      name: "notEquals same", context: ["v": "x"], predicate: attr("v", .notEquals, "x"),
      expected: false),
    Case(
      name: "notEquals type differs", context: ["v": 1], predicate: attr("v", .notEquals, "1"),
      expected: true),
    Case(name: "exists null", context: ["v": nil], predicate: attr("v", .exists), expected: true),
    Case(name: "exists missing", context: [:], predicate: attr("v", .exists), expected: false),
    Case(name: "notExists missing", context: [:], predicate: attr("v", .notExists), expected: true),
    Case(
      name: "notExists null", context: ["v": nil], predicate: attr("v", .notExists), expected: false
    ),
    Case(
      name: "greaterThan", context: ["v": 11], predicate: attr("v", .greaterThan, 10),
      expected: true),
    Case(
      name: "greaterThan equal", context: ["v": 10], predicate: attr("v", .greaterThan, 10),
      expected: false),
    Case(
      name: "greaterThanOrEquals", context: ["v": 10],
      predicate: attr("v", .greaterThanOrEquals, 10.0), expected: true),
    Case(
      name: "lessThan double", context: ["v": 9.5], predicate: attr("v", .lessThan, 10),
      expected: true),
    Case(
      name: "lessThanOrEquals", context: ["v": 10], predicate: attr("v", .lessThanOrEquals, 10),
      expected: true),
    Case(
      name: "numeric string rejected", context: ["v": "11"], predicate: attr("v", .greaterThan, 10),
      expected: false),
    Case(
      name: "numeric vs string value", context: ["v": 11], predicate: attr("v", .greaterThan, "10"),
      expected: false),
    Case(
      name: "numeric missing", context: [:], predicate: attr("v", .lessThan, 10), expected: false),
    Case(
      name: "contains", context: ["v": "messagevisor"], predicate: attr("v", .contains, "sage"),
      expected: true),
    Case(
      name: "contains number", context: ["v": 123], predicate: attr("v", .contains, "2"),
      expected: false),
    Case(
      name: "notContains", context: ["v": "abc"], predicate: attr("v", .notContains, "x"),
      expected: true),
    Case(
      name: "notContains non-string", context: ["v": 5], predicate: attr("v", .notContains, "x"),
      expected: false),
    Case(
      name: "notContains missing", context: [:], predicate: attr("v", .notContains, "x"),
      expected: false),
    Case(
      name: "startsWith", context: ["v": "checkout"], predicate: attr("v", .startsWith, "check"),
      expected: true),
    Case(
      name: "endsWith", context: ["v": "checkout"], predicate: attr("v", .endsWith, "out"),
      expected: true),
    Case(
      name: "endsWith wrong", context: ["v": "checkout"], predicate: attr("v", .endsWith, "check"),
      expected: false),
    Case(
      name: "matches search", context: ["v": "a-42-b"], predicate: attr("v", .matches, "[0-9]+"),
      expected: true),
    Case(
      name: "matches case", context: ["v": "ABC"], predicate: attr("v", .matches, "^abc$"),
      expected: false),
    Case(
      name: "matches i", context: ["v": "ABC"], predicate: attr("v", .matches, "^abc$", flags: "i"),
      expected: true),
    Case(
      name: "matches m", context: ["v": "x\nabc"],
      predicate: attr("v", .matches, "^abc$", flags: "m"), expected: true),
    Case(
      name: "matches without m", context: ["v": "x\nabc"], predicate: attr("v", .matches, "^abc$"),
      expected: false),
    Case(
      name: "matches s", context: ["v": "a\nb"],
      predicate: attr("v", .matches, "^a.b$", flags: "s"), expected: true),
    Case(
      name: "matches without s", context: ["v": "a\nb"], predicate: attr("v", .matches, "^a.b$"),
      expected: false),
    Case(
      name: "matches g flag rejected", context: ["v": "abc"],
      predicate: attr("v", .matches, "abc", flags: "g"), expected: false),
    Case(
      name: "matches y flag rejected", context: ["v": "abc"],
      predicate: attr("v", .matches, "abc", flags: "y"), expected: false),
    Case(
      name: "matches repeated flag rejected", context: ["v": "abc"],
      predicate: attr("v", .matches, "abc", flags: "ii"), expected: false),
    Case(
      name: "notMatches", context: ["v": "abc"], predicate: attr("v", .notMatches, "^x"),
      expected: true),
    Case(
      name: "notMatches invalid regex", context: ["v": "abc"],
      predicate: attr("v", .notMatches, "["), expected: false),
    Case(
      name: "notMatches non-portable", context: ["v": "abc"],
      predicate: attr("v", .notMatches, "(?:x)"), expected: false),
    Case(
      name: "notMatches bad flag", context: ["v": "abc"],
      predicate: attr("v", .notMatches, "x", flags: "g"), expected: false),
    Case(
      name: "matches non-string", context: ["v": 5], predicate: attr("v", .matches, "5"),
      expected: false),
    Case(
      name: "matches possessive brace", context: ["v": "aa"],
      predicate: attr("v", .matches, "a{1,2}+"), expected: false),
    Case(
      name: "matches brace quantifier", context: ["v": "aa"],
      predicate: attr("v", .matches, "^a{1,2}$"), expected: true),
    Case(
      name: "matches inline flag rejected", context: ["v": "a"],
      predicate: attr("v", .matches, "(?i)a"), expected: false),
    Case(
      name: "matches \\g backreference rejected", context: ["v": "aa"],
      predicate: attr("v", .matches, "(a)\\g<1>"), expected: false),
    Case(
      name: "matches escaped paren ok", context: ["v": "(?"],
      predicate: attr("v", .matches, "^\\(\\?$"), expected: true),
    Case(
      name: "before", context: ["v": "2026-01-01T00:00:00.000Z"],
      predicate: attr("v", .before, "2026-02-01T00:00:00Z"), expected: true),
    Case(
      name: "after with offset", context: ["v": "2026-01-01T02:00:00+01:00"],
      predicate: attr("v", .after, "2026-01-01T00:30:00Z"), expected: true),
    Case(
      name: "before equal is false", context: ["v": "2026-01-01T00:00:00Z"],
      predicate: attr("v", .before, "2026-01-01T00:00:00.000Z"), expected: false),
    Case(
      name: "date-only is not a date", context: ["v": "2026-01-01"],
      predicate: attr("v", .before, "2026-02-01T00:00:00Z"), expected: false),
    Case(
      name: "4 fraction digits not a condition date", context: ["v": "2026-01-01T00:00:00.0000Z"],
      predicate: attr("v", .before, "2026-02-01T00:00:00Z"), expected: false),
    Case(
      name: "native date", context: ["v": .date(Date(timeIntervalSince1970: 0))],
      predicate: attr("v", .before, "2026-02-01T00:00:00Z"), expected: true),
    Case(
      name: "number is not a date", context: ["v": 0],
      predicate: attr("v", .before, "2026-02-01T00:00:00Z"), expected: false),
    Case(
      name: "includes", context: ["v": ["a", "b"]], predicate: attr("v", .includes, "b"),
      expected: true),
    Case(
      name: "includes strict", context: ["v": ["1"]], predicate: attr("v", .includes, 1),
      expected: false),
    Case(
      name: "notIncludes", context: ["v": ["a"]], predicate: attr("v", .notIncludes, "b"),
      expected: true),
    Case(
      name: "notIncludes non-array", context: ["v": "a"], predicate: attr("v", .notIncludes, "b"),
      expected: false),
    Case(name: "in", context: ["v": "b"], predicate: attr("v", .in, ["a", "b"]), expected: true),
    Case(name: "in missing", context: [:], predicate: attr("v", .in, ["a"]), expected: false),
    Case(
      name: "notIn", context: ["v": "c"], predicate: attr("v", .notIn, ["a", "b"]), expected: true),
    Case(
      name: "notIn non-array", context: ["v": "c"], predicate: attr("v", .notIn, "a"),
      expected: false),
    Case(
      name: "unknown operator", context: ["v": "a"], predicate: attr("v", "semverEquals", "a"),
      expected: false),
    Case(
      name: "nested path", context: ["user": ["plan": "pro"]],
      predicate: attr("user.plan", .equals, "pro"), expected: true),
    Case(
      name: "nested path through non-object", context: ["user": "pro"],
      predicate: attr("user.plan", .exists), expected: false),
    Case(
      name: "nested null exists", context: ["user": ["plan": nil]],
      predicate: attr("user.plan", .exists), expected: true),
    Case(
      name: "__proto__ is an ordinary key (missing)", context: [:],
      predicate: attr("__proto__", .exists), expected: false),
    Case(
      name: "constructor is an ordinary key", context: ["constructor": "x"],
      predicate: attr("constructor", .equals, "x"), expected: true),
    Case(
      name: "toString path missing", context: ["a": [:]], predicate: attr("a.toString", .exists),
      expected: false),
  ]

  @Test("Attribute operators", arguments: cases)
  func attributeOperators(_ item: Case) {
    let provider = MessagevisorEvaluationDataProvider(context: item.context)
    #expect(evaluateCondition(.predicate(item.predicate), provider: provider) == item.expected)
  }

  static let t: Condition = .predicate(attr("a", .exists))
  static let f: Condition = .predicate(attr("missing", .exists))

  @Test("and / or / not / list / all")
  func logic() {
    let provider = MessagevisorEvaluationDataProvider(context: ["a": 1])
    func eval(_ condition: Condition) -> Bool { evaluateCondition(condition, provider: provider) }
    #expect(eval(.all))
    #expect(eval("*"))
    #expect(eval(.list([])))
    #expect(eval(.and([])))
    #expect(!eval(.or([])))
    #expect(!eval(.not([])))
    #expect(eval(.list([Self.t, Self.t])))
    #expect(!eval(.list([Self.t, Self.f])))
    #expect(eval(.or([Self.f, Self.t])))
    #expect(eval(.not([Self.t, Self.f])))
    #expect(!eval(.not([Self.t, Self.t])))
    #expect(eval(.not([Self.f])))
  }

  @Test("JSON-string conditions are parsed; other strings are false")
  func jsonStrings() {
    let provider = MessagevisorEvaluationDataProvider(context: ["plan": "pro"])
    func eval(_ condition: Condition) -> Bool { evaluateCondition(condition, provider: provider) }
    #expect(eval(.string(#"{"attribute":"plan","operator":"equals","value":"pro"}"#)))
    #expect(!eval(.string(#"{"attribute":"plan","operator":"equals","value":"free"}"#)))
    #expect(eval(.string(#"[{"attribute":"plan","operator":"exists"}]"#)))
    #expect(eval(.string(#""*""#)) == false)  // JSON text must start with { or [
    #expect(!eval(.string("plan")))
    #expect(!eval(.string("{broken")))
    #expect(!eval(.string(#"{"unknown":1}"#)))
    #expect(eval(.string("*")))
    // Parsed once and cached: repeated evaluation is consistent.
    for _ in 0..<3 {
      #expect(eval(.string(#"{"or":[{"attribute":"plan","operator":"equals","value":"pro"}]}"#)))
    }
  }

  @Test("Feature and experiment predicates with resolvers")
  func resolvers() {
    let provider = MessagevisorEvaluationDataProvider(
      context: ["plan": "pro"],
      resolveFlag: { key, context in key == "newCheckout" && context["plan"] == "pro" },
      resolveVariation: { key, _ in key == "copy" ? "treatment" : nil })
    func eval(_ predicate: ConditionPredicate) -> Bool {
      evaluateCondition(.predicate(predicate), provider: provider)
    }
    #expect(eval(ConditionPredicate(feature: "newCheckout", operator: .isEnabled)))
    #expect(!eval(ConditionPredicate(feature: "newCheckout", operator: .isDisabled)))
    #expect(eval(ConditionPredicate(feature: "other", operator: .isDisabled)))
    #expect(!eval(ConditionPredicate(feature: "newCheckout", operator: "equals")))
    #expect(eval(ConditionPredicate(experiment: "copy", value: "treatment")))
    #expect(!eval(ConditionPredicate(experiment: "copy", value: "control")))
    #expect(!eval(ConditionPredicate(experiment: "other", value: "treatment")))
    #expect(!eval(ConditionPredicate(experiment: "copy", operator: "equals", value: "treatment")))

    let none = MessagevisorEvaluationDataProvider()
    #expect(
      !evaluateCondition(
        .predicate(ConditionPredicate(feature: "x", operator: .isEnabled)), provider: none))
    #expect(
      evaluateCondition(
        .predicate(ConditionPredicate(feature: "x", operator: .isDisabled)), provider: none))
    #expect(
      !evaluateCondition(
        .predicate(ConditionPredicate(experiment: "x", value: "a")), provider: none))
  }

  @Test("Group segments: keys, JSON text, archived, missing, not")
  func groupSegments() {
    let provider = MessagevisorEvaluationDataProvider(
      context: ["platform": "web", "plan": "free"],
      segments: [
        "web": Segment(conditions: .predicate(Self.attr("platform", .equals, "web"))),
        "pro": Segment(conditions: .predicate(Self.attr("plan", .equals, "pro"))),
        "old": Segment(archived: true, conditions: .all),
        "stringified": Segment(
          conditions: .string(#"{"attribute":"platform","operator":"equals","value":"web"}"#)),
      ])
    func eval(_ group: GroupSegment) -> Bool { evaluateGroupSegment(group, provider: provider) }
    #expect(eval("web"))
    #expect(!eval("pro"))
    #expect(!eval("old"))
    #expect(!eval("missing"))
    #expect(eval("stringified"))
    #expect(eval("*"))
    #expect(eval(["web", "stringified"]))
    #expect(!eval(["web", "pro"]))
    #expect(eval(.or(["pro", "web"])))
    #expect(eval(.not(["web", "pro"])))
    #expect(!eval(.not([])))
    #expect(eval(.key(#"["web"]"#)))
    #expect(!eval(.key(#"["web","pro"]"#)))
    #expect(eval(.key(#"{"or":["pro","web"]}"#)))
    #expect(!eval(.key("{broken")))
  }

  @Test("Catastrophic backtracking is abandoned: false for matches and notMatches, no hang")
  func catastrophicRegex() {
    let provider = MessagevisorEvaluationDataProvider(
      context: ["v": .string(String(repeating: "a", count: 64))])
    for op in [ConditionOperator.matches, .notMatches] {
      let predicate = ConditionPredicate(attribute: "v", operator: op, value: "^(a+)+b$")
      #expect(!evaluateCondition(.predicate(predicate), provider: provider))
    }
    let linear = ConditionPredicate(attribute: "v", operator: .matches, value: "^a+$")
    #expect(evaluateCondition(.predicate(linear), provider: provider))
  }

  @Test("Conditions nested 10,000 levels deep are false, not a crash")
  func deepNesting() {
    var condition: Condition = .all
    for _ in 0..<10_000 { condition = .and([condition]) }
    let provider = MessagevisorEvaluationDataProvider()
    #expect(!evaluateCondition(condition, provider: provider))
    var shallow: Condition = .all
    for _ in 0..<100 { shallow = .and([shallow]) }
    #expect(evaluateCondition(shallow, provider: provider))
    let deepJSON = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(!evaluateCondition(.string(deepJSON), provider: provider))
    let deepGroup = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
    #expect(!evaluateGroupSegment(.key(deepGroup), provider: provider))
  }
}
