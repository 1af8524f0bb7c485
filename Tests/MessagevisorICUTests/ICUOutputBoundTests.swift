import Foundation
import Messagevisor
import MessagevisorICU
import Testing

/// ICU formatting is one pass over the branches it selects: its output is at most the message's
/// bytes plus, for each argument reference, the longest argument text (RELIABILITY.md, "Limits").
/// A translator's message cannot make one `translate` produce more than that, however it nests.
@Suite("ICU formatting output bound")
struct ICUOutputBoundTests {
  static let value = String(repeating: "v", count: 100)

  static let messages: [String] = [
    String(repeating: "{a}", count: 1_000),
    "{n, plural, one {" + String(repeating: "# {a} ", count: 200) + "} other {"
      + String(repeating: "# {a} ", count: 200) + "}}",
    String(
      repeating:
        "{n, plural, other {{s, select, x {{a}{a}{a}} other {{n, selectordinal, other {#{a}}}}}}}",
      count: 100),
    "{n, number} " + String(repeating: "{n, plural, =7 {{a}} other {#}}", count: 300),
  ]

  @Test(arguments: messages.indices)
  func outputIsAtMostTheMessagePlusEachReferenceTimesTheLongestValue(index: Int) throws {
    let message = Self.messages[index]
    let m = createMessagevisor(
      MessagevisorOptions(locale: "en-US", logLevel: .error, modules: [createICUModule()]))
    let output = try m.formatMessage(
      message, values: ["a": .string(Self.value), "n": 7, "s": "x"])
    let references = message.filter { $0 == "{" || $0 == "#" }.count
    #expect(output.utf8.count > Self.value.utf8.count)
    #expect(output.utf8.count <= message.utf8.count + references * Self.value.utf8.count)
  }
}
