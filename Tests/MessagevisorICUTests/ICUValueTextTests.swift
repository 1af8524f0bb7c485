import Foundation
import Messagevisor
import Testing

@testable import MessagevisorICU

@Suite struct ICUValueTextTests {
  @Test(arguments: [
    (MessagevisorValue.string("Ada"), "Ada"),
    (.int(42), "42"),
    (.int(-7), "-7"),
    (.double(2.0), "2"),
    (.double(2.5), "2.5"),
    (.double(-0.0), "0"),
    (.double(0.1), "0.1"),
    (.bool(true), "true"),
    (.bool(false), "false"),
    (.null, ""),
    (.date(Date(timeIntervalSince1970: 1_774_744_200.25)), "2026-03-29T00:30:00.250Z"),
    (.array(["a", 1, 2.5, true, .null]), "a, 1, 2.5, true, "),
    (.object(["a": 1]), "[object]"),
  ])
  func rendersValues(value: MessagevisorValue, expected: String) {
    #expect(ICUValueText.render(value) == expected)
  }

  @Test(arguments: [
    (1e21, "1e+21"),
    (1.5e21, "1.5e+21"),
    (123_456_789_012_345_680_000.0, "123456789012345680000"),
    (1e18, "1000000000000000000"),
    (9_007_199_254_740_993.0, "9007199254740992"),
    (0.000001, "0.000001"),
    (0.0000015, "0.0000015"),
    (1e-7, "1e-7"),
    (1.5e-7, "1.5e-7"),
    (123.456, "123.456"),
    (-1.5, "-1.5"),
    (0.30000000000000004, "0.30000000000000004"),
    (Double.leastNonzeroMagnitude, "5e-324"),
    (1.7976931348623157e308, "1.7976931348623157e+308"),
    (Double.nan, "NaN"),
    (Double.infinity, "Infinity"),
    (-Double.infinity, "-Infinity"),
  ])
  func javaScriptNumberStrings(number: Double, expected: String) {
    #expect(ICUValueText.javaScriptString(number) == expected)
  }

  @Test func deeplyNestedArraysAreBounded() {
    var value: MessagevisorValue = "x"
    for _ in 0..<10_000 { value = .array([value]) }
    #expect(ICUValueText.render(value) == "[array]")
  }
}
