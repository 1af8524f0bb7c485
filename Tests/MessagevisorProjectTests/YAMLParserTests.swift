import Messagevisor
import Testing

@testable import MessagevisorProject

@Suite struct YAMLParserTests {
  static let table: [(String, MessagevisorValue)] = [
    ("v: 12", .int(12)),
    ("v: -3", .int(-3)),
    ("v: 0x1F", .int(31)),
    ("v: 1.5", .double(1.5)),
    ("v: 2.0", .double(2.0)),
    ("v: 1e3", .double(1000)),
    ("v: .inf", .double(.infinity)),
    ("v: true", .bool(true)),
    ("v: False", .bool(false)),
    ("v: yes", .string("yes")),
    ("v: no", .string("no")),
    ("v: on", .string("on")),
    ("v: ~", .null),
    ("v: null", .null),
    ("v:", .null),
    ("v: \"12\"", .string("12")),
    ("v: 'true'", .string("true")),
    ("v: \"2026-01-01\"", .string("2026-01-01")),
    ("v: 2026-01-01", .string("2026-01-01T00:00:00.000Z")),
    ("v: 2026-01-15T00:00:00.000Z", .string("2026-01-15T00:00:00.000Z")),
    ("v: 2026-05-12T10:30:00+02:00", .string("2026-05-12T08:30:00.000Z")),
    ("v: 2026-05-12 10:30:00", .string("2026-05-12T10:30:00.000Z")),
    ("v: 2026-05-12T08:30:45.6789Z", .string("2026-05-12T08:30:45.678Z")),
    ("v: 012", .int(12)),
    ("v: 0o17", .int(15)),
    ("v: 0b101", .int(5)),
    ("v: 1_000", .int(1000)),
    ("v: 1.2.3", .string("1.2.3")),
    ("v: -x", .string("-x")),
    ("v: hello world", .string("hello world")),
    ("v: |\n  line one\n  line two\n", .string("line one\nline two\n")),
    ("v: >\n  folded\n  text\n", .string("folded text\n")),
    ("v: [1, a, {b: true}]", .array([.int(1), .string("a"), .object(["b": .bool(true)])])),
  ]

  @Test(arguments: table)
  func scalarTyping(source: String, expected: MessagevisorValue) throws {
    let node = try YAMLParser().parse(source)
    let value = node["v"]?.value
    if case .double(let d) = expected, d.isNaN {
      #expect(value?.doubleValue?.isNaN == true)
    } else {
      #expect(value == expected, "\(source)")
      // Keep int vs double distinct (MessagevisorValue's == treats 2 == 2.0).
      if case .int = expected { #expect(value?.intValueIsInt == true) }
      if case .double = expected { #expect(value?.intValueIsInt == false) }
    }
  }

  @Test func anchorsAliasesAndMergeKeys() throws {
    let node = try YAMLParser().parse(
      """
      base: &base
        style: currency
        currency: USD
      money: *base
      euro:
        <<: *base
        currency: EUR
      """)
    #expect(node["money"]?.value == ["style": "currency", "currency": "USD"])
    #expect(node["euro"]?.value == ["style": "currency", "currency": "EUR"])
  }

  @Test func keyOrderAndPositionsArePreserved() throws {
    let node = try YAMLParser().parse("b: 1\na: 2\nc:\n  d: 3\n", file: "x.yml")
    #expect(node.entries?.map(\.key) == ["b", "a", "c"])
    #expect(node.entries?[2].line == 3)
    #expect(node["c"]?.entries?.first?.line == 4)
    #expect(node["c"]?.entries?.first?.column == 3)
  }

  @Test func aliasBombIsBounded() {
    var source = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1..<9 {
      let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
      source += "a\(level): &a\(level) [\(refs)]\n"
    }
    #expect(throws: YAMLError.self) { try YAMLParser().parse(source) }
  }

  @Test func deepNestingIsRejected() {
    let source = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
    #expect(throws: YAMLError.self) { try YAMLParser().parse(source) }
  }

  @Test func syntaxErrorsCarryFileLineAndColumn() throws {
    do {
      _ = try YAMLParser().parse("a: 1\nb: [1, 2\nc: 3\n", file: "bad.yml")
      Issue.record("expected an error")
    } catch {
      #expect(error.file == "bad.yml")
      #expect(error.line >= 2)
      #expect(error.column > 0)
      #expect(error.description.hasPrefix("bad.yml:"))
    }
  }

  @Test func unclosedQuoteIsReportedAtTheQuoteNotAtTheEndOfTheFile() throws {
    do {
      _ = try YAMLParser().parse(
        "translations:\n  en: \"Hello\n  nl: Hallo\n", file: "messages/greeting.yml")
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 2)
      #expect(error.column == 7)
      #expect(error.message.contains("quoted scalar"))
      #expect(error.message.contains("end of the file at 4:1"))
    }
  }

  @Test func aProblemBeforeTheEndOfTheFileKeepsItsOwnPosition() throws {
    do {
      _ = try YAMLParser().parse("a: \"x\\qy\"\nb: 2\n", file: "bad.yml")
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 1)
      #expect(error.column == 6)
      #expect(!error.message.contains("end of the file"))
    }
  }

  @Test func duplicateKeysAreErrors() {
    #expect(throws: YAMLError.self) { try YAMLParser().parse("a: 1\na: 2\n") }
  }

  @Test func jsonDocumentsParse() throws {
    let node = try YAMLParser().parse(#"{"a": [1, 2.5, "x", true, null], "d": "2026-01-01"}"#)
    #expect(node.value == ["a": [1, 2.5, "x", true, nil], "d": "2026-01-01"])
  }

  @Test func emptyDocumentIsNull() throws {
    #expect(try YAMLParser().parse("").value == .null)
  }
}

extension MessagevisorValue {
  fileprivate var intValueIsInt: Bool {
    if case .int = self { return true }
    return false
  }
}
