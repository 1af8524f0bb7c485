import Foundation
@_spi(MessagevisorModules) import Messagevisor
import Testing

@Suite("JSON writer: JSON.stringify numbers, escapes, sorted keys")
struct JSONWriterTests {
  @Test(
    "finite numbers print as JSON.stringify prints them",
    arguments: [
      (2.0, "2"), (-0.0, "0"), (99.5, "99.5"), (0.1, "0.1"), (1e-7, "1e-7"), (1.5e-7, "1.5e-7"),
      (0.000001, "0.000001"), (1e20, "100000000000000000000"),
      (1.2345678901234568e20, "123456789012345680000"), (1e21, "1e+21"), (-2.5e-10, "-2.5e-10"),
      (123456789.125, "123456789.125"),
    ])
  func numbers(_ number: Double, _ expected: String) {
    #expect(JSONWriter.write(.double(number), pretty: false) == expected)
    #expect(JavaScriptNumber.string(number) == expected)
  }

  @Test("non-finite numbers are null in JSON and NaN/Infinity as text")
  func nonFinite() {
    #expect(
      JSONWriter.write(.array([.double(.nan), .double(.infinity)]), pretty: false) == "[null,null]")
    #expect(JavaScriptNumber.string(-.infinity) == "-Infinity")
  }

  @Test("objects are sorted, strings escaped, pretty output indents two spaces per level")
  func structure() {
    let value: MessagevisorValue = [
      "b": ["x": 1, "list": [true, .null]], "a": "quote \" backslash \\ tab\t bell \u{07}",
    ]
    #expect(
      JSONWriter.write(value, pretty: false)
        == #"{"a":"quote \" backslash \\ tab\t bell \u0007","b":{"list":[true,null],"x":1}}"#)
    #expect(
      JSONWriter.write(["k": [1, 2]], pretty: true) == "{\n  \"k\": [\n    1,\n    2\n  ]\n}")
  }

  @Test("a datafile's JSON carries JavaScript number text")
  func datafileJSON() throws {
    var content = DatafileContent(
      messagevisorVersion: "1", target: "t", locale: "en", translations: ["k": "v"])
    content.formats = FormatPresets(number: ["tiny": ["maximumFractionDigits": 1e-7]])
    let json = try content.toJSON()
    #expect(json.contains("1e-7"))
    #expect(!json.contains("1e-07"))
  }
}
