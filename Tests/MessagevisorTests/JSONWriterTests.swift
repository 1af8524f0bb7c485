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

  /// The escaping rule spelt out scalar by scalar, as the writer documented it before it wrote
  /// bytes: the byte writer must produce the same text.
  static func referenceLiteral(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output + "\""
  }

  @Test("every control character, quote, backslash and non-ASCII text is escaped as specified")
  func stringEscapesMatchTheScalarRule() throws {
    var samples = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
    samples += [
      "", "plain", "naïve café", "日本語の文", "emoji 👩‍💻 and \u{202F} nbsp", "\u{2028}\u{2029}",
      "tab\tin the middle\u{1F}and end\\", "\"\"\"", "مرحبا\u{0}x",
    ]
    samples.append(samples.joined())
    for sample in samples {
      let written = JSONWriter.write(.string(sample), pretty: false)
      #expect(written == Self.referenceLiteral(sample), "\(Array(sample.unicodeScalars))")
      var appended = "prefix"
      JSONWriter.writeString(sample, into: &appended)
      #expect(appended == "prefix" + Self.referenceLiteral(sample))
      // And the parser reads back exactly the text written.
      let datafileJSON = try DatafileContent(
        messagevisorVersion: "", target: "", locale: "en", translations: ["k": sample]
      ).toJSON()
      let content = try DatafileContent.fromJSON(datafileJSON)
      #expect(content.translations["k"] == sample)
    }
  }

  @Test("a datafile value tree is read exactly as its JSON text is read")
  func valueTreeReadsAsItsText() throws {
    let conditions: MessagevisorValue = [
      "and": [
        ["attribute": "age", "operator": "greaterThan", "value": .double(18.0)],
        ["attribute": "score", "operator": "lessThan", "value": .double(2.5)],
        ["attribute": "big", "operator": "lessThan", "value": .double(1e21)],
        ["attribute": "odd", "operator": "equals", "value": .double(.nan)],
        [
          "attribute": "since", "operator": "after", "value": .date(Date(timeIntervalSince1970: 0)),
        ],
      ]
    ]
    let value: MessagevisorValue = [
      "schemaVersion": "1", "messagevisorVersion": "t", "revision": "3", "target": "app",
      "locale": "en", "direction": "ltr",
      "formats": ["number": ["tiny": ["maximumFractionDigits": .double(2.0)]]],
      "segments": ["adults": ["conditions": conditions]],
      "messages": [
        "k": [
          "deprecated": true, "meta": ["weight": .double(0.5), "when": .date(Date())],
          "overrides": [["key": "o", "translation": "O", "segments": "adults"]],
        ]
      ],
      "translations": ["k": "text \u{0} \"quoted\"", "other": ""],
    ]
    let fromText = try DatafileContent.fromJSON(JSONWriter.write(value, pretty: false))
    #expect(try DatafileContent.fromValue(value) == fromText)
    var deep: MessagevisorValue = "leaf"
    for _ in 0..<600 { deep = .array([deep]) }
    var tooDeep = value.objectValue ?? [:]
    tooDeep["meta"] = deep
    #expect(throws: DatafileError.self) { try DatafileContent.fromValue(.object(tooDeep)) }
    #expect(throws: DatafileError.self) {
      try DatafileContent.fromJSON(JSONWriter.write(.object(tooDeep), pretty: false))
    }
  }
}
