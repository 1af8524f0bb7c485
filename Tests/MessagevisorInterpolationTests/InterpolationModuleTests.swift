import Foundation
import Messagevisor
import MessagevisorInterpolation
import Testing

@Suite("Interpolation module (spec §4.2)")
struct InterpolationModuleTests {
  static func instance(_ module: MessagevisorModule = createInterpolationModule()) -> Messagevisor {
    createMessagevisor(
      MessagevisorOptions(
        datafile: DatafileContent(
          messagevisorVersion: "t", target: "t", locale: "en",
          translations: ["welcome": "Welcome back, {name}"]),
        onDiagnostic: { _ in }, modules: [module]))
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var message: String
    var values: MessagevisorValues
    var expected: String
    var testDescription: String { "\(message) → \(expected)" }
  }

  static let cases: [Case] = [
    Case(message: "Hello, {name}", values: ["name": "Ada"], expected: "Hello, Ada"),
    Case(message: "{a}{b}{a}", values: ["a": 1, "b": true], expected: "1true1"),
    Case(message: "Total {n}", values: ["n": 2.0], expected: "Total 2.0"),
    Case(message: "Total {n}", values: ["n": 2.5], expected: "Total 2.5"),
    Case(message: "Off {flag}", values: ["flag": false], expected: "Off false"),
    Case(message: "Missing {who}", values: ["name": "Ada"], expected: "Missing {who}"),
    Case(message: "Null {x}", values: ["x": nil], expected: "Null {x}"),
    Case(message: "List {x}", values: ["x": ["a"]], expected: "List {x}"),
    Case(message: "Object {x}", values: ["x": ["k": "v"]], expected: "Object {x}"),
    Case(
      message: "Date {x}", values: ["x": .date(Date(timeIntervalSince1970: 0))],
      expected: "Date {x}"),
    Case(message: "No ICU {n, number}", values: ["n": 1], expected: "No ICU {n, number}"),
    Case(
      message: "Bad {1name} { name } {na-me}", values: ["1name": "x", " name ": "y", "na": "z"],
      expected: "Bad {1name} { name } {na-me}"),
    Case(message: "Under {_x9}", values: ["_x9": "ok"], expected: "Under ok"),
    Case(message: "Nested {{name}}", values: ["name": "Ada"], expected: "Nested {Ada}"),
    Case(
      message: "Unicode {name} ✓ {name}", values: ["name": "Zoë"], expected: "Unicode Zoë ✓ Zoë"),
    Case(message: "Unterminated {name", values: ["name": "Ada"], expected: "Unterminated {name"),
  ]

  @Test("Placeholders are replaced only for primitive values", arguments: cases)
  func interpolation(_ item: Case) throws {
    #expect(try Self.instance().formatMessage(item.message, values: item.values) == item.expected)
  }

  @Test("translate runs the module; the seed's welcome example")
  func translate() throws {
    #expect(
      try Self.instance().translate("welcome", values: ["name": .string("Ada")])
        == "Welcome back, Ada")
  }

  @Test("Custom pattern and name")
  func customPattern() throws {
    let module = createInterpolationModule(name: "dollar", pattern: #"\$\{(\w+)\}"#)
    let m = Self.instance(module)
    #expect(try m.formatMessage("Hi ${name} {name}", values: ["name": "Ada"]) == "Hi Ada {name}")
    let broken = Self.instance(createInterpolationModule(pattern: "("))
    #expect(try broken.formatMessage("Hi {name}", values: ["name": "Ada"]) == "Hi {name}")
  }
}
